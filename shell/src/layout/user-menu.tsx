import { Link } from '@lender/shared/client/router';
import { useAppSelector } from '@lender/shared/client/hooks';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Button, Typography } from '@lender/shared/ui/antd-core';
import { Dropdown, type MenuProps } from '@lender/shared/ui/antd-frame';
import { LogoutOutlined, UserOutlined } from '@lender/shared/ui/icons';
import { UserAvatar } from '@lender/shared/ui/user-avatar.tsx';
import { useGetUserByIdQuery } from '../app/shell-api';
import { selectSessionUser } from '../auth/session-slice';
import { useSignOut } from '../auth/use-sign-out';

/**
 * The header's user menu: avatar, full name and e-mail, View Profile and Sign out. The user is
 * fetched with the stored user's id; the stored copy shows until it arrives. Closes on an outside
 * click (antd Dropdown).
 */
export function UserMenu() {
  const storedUser = useAppSelector(selectSessionUser);
  const { data: fetchedUser } = useGetUserByIdQuery(storedUser?.id ?? 0, { skip: !storedUser });
  const signOut = useSignOut();
  const user = fetchedUser ?? storedUser;
  if (!user) return null;
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div className="user-menu__who">
          <Typography.Text strong>{fullName}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{user.email}</Typography.Text>
        </div>
      ),
    },
    { type: 'divider' },
    {
      key: 'profile',
      icon: <UserOutlined aria-hidden />,
      label: <Link to={appRoutes.profile}>{texts.userMenu.viewProfile}</Link>,
    },
    {
      key: 'sign-out',
      icon: <LogoutOutlined aria-hidden />,
      label: texts.userMenu.signOut,
      onClick: () => void signOut(),
    },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="user-menu__trigger" aria-label={`User menu: ${fullName}`}>
        <UserAvatar src={user.avatar} name={fullName} size={32} />
        <span className="user-menu__name">{user.first_name}</span>
      </Button>
    </Dropdown>
  );
}
