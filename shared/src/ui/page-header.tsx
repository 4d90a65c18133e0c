import type { ReactNode } from 'react';
import { Flex, Typography } from '@lender/shared/ui/antd';

interface PageHeaderProps {
  title: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** Actions on the right (buttons, a search box). */
  extra?: ReactNode;
}

/** The title row every page starts with: an h1 for the page, actions on the right. */
export function PageHeader({ title, description, extra }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 24 }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {title}
        </Typography.Title>
        {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
      </div>
      {/* Wraps on a phone rather than pushing the last action off the screen. */}
      {extra ? (
        <Flex wrap gap="small">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
