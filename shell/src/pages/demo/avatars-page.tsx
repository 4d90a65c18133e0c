import { Avatar, Badge, Card, Flex } from '@lender/shared/ui/antd';
import { UserOutlined } from '@lender/shared/ui/icons';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { DEFAULT_AVATAR } from '@lender/shared/ui/user-avatar.tsx';

const sizes = [24, 32, 40, 48, 56, 64];

/** /avatars: sample content only (docs/product.md#routes). */
export default function AvatarsPage() {
  return (
    <>
      <PageHeader title="Avatars" />
      <Flex vertical gap="large">
        <Card title="Default Avatar">
          <Flex gap="middle" align="center" wrap>
            {sizes.map((size) => (
              <Avatar key={size} size={size} src={DEFAULT_AVATAR} alt={`Sample avatar, ${size} pixels`} />
            ))}
          </Flex>
        </Card>
        <Card title="Avatar with online indicator">
          <Flex gap="middle" align="center" wrap>
            {sizes.map((size) => (
              <Badge key={size} dot status="success" offset={[-4, size - 6]}>
                <Avatar size={size} icon={<UserOutlined />} />
              </Badge>
            ))}
          </Flex>
        </Card>
        <Card title="Initials">
          <Avatar.Group>
            <Avatar style={{ background: '#465fff' }}>WK</Avatar>
            <Avatar style={{ background: '#12b76a' }}>AO</Avatar>
            <Avatar style={{ background: '#f79009' }}>BM</Avatar>
          </Avatar.Group>
        </Card>
      </Flex>
    </>
  );
}
