import { Button, Card, Flex } from '@lender/shared/ui/antd';
import { PlusOutlined } from '@lender/shared/ui/icons';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';

/** /buttons: sample content only (docs/product.md#routes). */
export default function ButtonsPage() {
  return (
    <>
      <PageHeader title="Buttons" />
      <Flex vertical gap="large">
        <Card title="Primary Button">
          <Flex gap="middle" wrap align="center">
            <Button type="primary" size="small">
              Button Text
            </Button>
            <Button type="primary">Button Text</Button>
            <Button type="primary" size="large">
              Button Text
            </Button>
          </Flex>
        </Card>
        <Card title="Button with Icon">
          <Flex gap="middle" wrap>
            <Button type="primary" icon={<PlusOutlined aria-hidden />}>
              Button Text
            </Button>
            <Button icon={<PlusOutlined aria-hidden />}>Button Text</Button>
          </Flex>
        </Card>
        <Card title="Secondary and Disabled">
          <Flex gap="middle" wrap>
            <Button>Button Text</Button>
            <Button disabled>Button Text</Button>
            <Button danger>Button Text</Button>
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
