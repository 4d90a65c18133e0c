import { Badge, Card, Flex, Tag } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';

const colours = ['blue', 'green', 'red', 'gold', 'cyan', 'default'];
const names = ['Primary', 'Success', 'Error', 'Warning', 'Info', 'Light'];

/** /badge: sample content only (docs/product.md#routes). */
export default function BadgePage() {
  return (
    <>
      <PageHeader title="Badges" />
      <Flex vertical gap="large">
        <Card title="With Light Background">
          <Flex gap="small" wrap>
            {colours.map((colour, index) => (
              <Tag key={colour} color={colour}>
                {names[index]}
              </Tag>
            ))}
          </Flex>
        </Card>
        <Card title="Counts">
          <Flex gap="large" wrap>
            <Badge count={5}>
              <Tag>Inbox</Tag>
            </Badge>
            <Badge count={0} showZero>
              <Tag>Drafts</Tag>
            </Badge>
            <Badge count={120} overflowCount={99}>
              <Tag>Alerts</Tag>
            </Badge>
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
