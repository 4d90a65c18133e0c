import type { ReactNode } from 'react';
import { Link } from '@lender/shared/client/router';
import { Flex, Typography } from '@lender/shared/ui/antd-core';
import { UserAvatar } from './user-avatar';

interface AvatarNameCellProps {
  /** The photo; the default image when there is none. */
  src: string | null | undefined;
  /** The person's full name: bold, and the photo's alternative text. */
  name: string;
  /** The line under the name (the user's role, the customer's occupation). */
  detail: ReactNode;
  /** The name opens the person's page: where, and the link's accessible name. */
  link?: { to: string; label: string };
}

/** The first cell of a list of people: the photo, the name in bold and a second line. */
export function AvatarNameCell({ src, name, detail, link }: AvatarNameCellProps) {
  const strongName = <Typography.Text strong>{name}</Typography.Text>;
  return (
    <Flex align="center" gap="small">
      <UserAvatar src={src} name={name} />
      <Flex vertical>
        {link ? (
          <Link to={link.to} aria-label={link.label}>
            {strongName}
          </Link>
        ) : (
          strongName
        )}
        <Typography.Text type="secondary">{detail}</Typography.Text>
      </Flex>
    </Flex>
  );
}
