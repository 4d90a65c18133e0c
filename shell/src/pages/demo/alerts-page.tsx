import { Alert, Card, Flex } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';

const kinds = [
  { type: 'success', title: 'Success Message' },
  { type: 'warning', title: 'Warning Message' },
  { type: 'error', title: 'Error Message' },
  { type: 'info', title: 'Info Message' },
] as const;

/** /alerts: sample content only (docs/product.md#routes). */
export default function AlertsPage() {
  return (
    <>
      <PageHeader title="Alerts" />
      <Flex vertical gap="large">
        {kinds.map(({ type, title }) => (
          <Card key={type} title={`${title}s`}>
            <Alert
              type={type}
              showIcon
              title={title}
              description="Be cautious when performing this action."
            />
          </Card>
        ))}
      </Flex>
    </>
  );
}
