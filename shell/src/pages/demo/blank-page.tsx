import { Card, Typography } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';

/** /blank: a template page with sample content only (docs/product.md#routes). */
export default function BlankPage() {
  return (
    <>
      <PageHeader title="Blank Page" />
      <Card>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          Card Title Here
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Start putting content on grids or panels, you can also use different combinations of grids.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
