import type { ReactNode } from 'react';
import { Button, Card, Flex, Typography } from '@lender/shared/ui/antd';
import { ReloadOutlined } from '@lender/shared/ui/icons';

interface SectionCardProps {
  title: string;
  /** One line under the title: what the list holds. */
  description: ReactNode;
  /** Loads the list again (the query's refetch), while it is not being fetched. */
  onRefresh: () => void;
  refreshing: boolean;
  children: ReactNode;
}

/** One list of the page in a card: its h2 title, a Refresh button, a line saying what it holds. */
export function SectionCard({ title, description, onRefresh, refreshing, children }: SectionCardProps) {
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        <Button
          icon={<ReloadOutlined aria-hidden />}
          aria-label={`Refresh ${title.toLowerCase()}`}
          onClick={onRefresh}
          disabled={refreshing}
        >
          Refresh
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{description}</Typography.Text>
        {children}
      </Flex>
    </Card>
  );
}
