import { apiRoutes } from '@lender/shared/contract/routes';
import { formatDay } from '@lender/shared/domain/date-time';
import { useState } from 'react';
import { getStoredUserId } from '@lender/shared/client/session';
import type { User } from '@lender/shared/contract/users';
import { ROLE_LABELS, ROLES } from '@lender/shared/domain/roles';
import { Flex, Tag, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { AvatarNameCell } from '@lender/shared/ui/avatar-name-cell.tsx';
import { EditOutlined } from '@lender/shared/ui/icons';
import type { ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { listArgs, useListQuery } from '@lender/shared/ui/use-list-query';
import { useGetUsersQuery } from '../../../api/admin-api';
import { useUserStatusActions } from '../hooks/use-user-actions';
import { fullName } from '../user-name';
import { EditUserModal } from './edit-user-modal';
import { ResetPasswordModal } from './reset-password-modal';
import { SignInThrottlesCard } from './sign-in-throttles-card';

/** The columns of the docs/product.md#users-pages: User (avatar, name, role), Email, Status, User Since. */
const SPEC_COLUMNS: TableColumnsType<User> = [
  {
    title: 'User',
    // Sortable columns are keyed by the server's sort key (contract USER_SORTS).
    key: 'name',
    sorter: true,
    render: (_, user) => (
      <AvatarNameCell src={user.avatar} name={fullName(user)} detail={ROLE_LABELS[user.role]} />
    ),
  },
  { title: 'Email', dataIndex: 'email', key: 'email', sorter: true },
  {
    title: 'Status',
    dataIndex: 'is_active',
    key: 'status',
    render: (_, user) => (
      <Flex vertical align="start" gap={4}>
        {user.is_active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
        {/* Set by an admin's password reset until the user chooses their own. */}
        {user.must_change_password ? (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            Must change password
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'User Since',
    dataIndex: 'created_at',
    key: 'created',
    sorter: true,
    render: (createdAt: string) => formatDay(createdAt),
  },
];

const FILTERS: ListFilter[] = [
  {
    kind: 'select',
    name: 'role',
    label: 'Role',
    placeholder: 'All roles',
    options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  },
];

/**
 * All Users (/all-users, admins): staff users, one server page at a time, sorted by name, e-mail or
 * creation and filtered by role (page, sort and filter in the URL), with Edit, Deactivate or
 * Reactivate and Reset password on each row; below them, the sign-in throttles.
 */
export default function UsersListPage() {
  const table = useListQuery(FILTERS, listArgs, useGetUsersQuery);
  const { confirmDeactivate, confirmReactivate, busyId } = useUserStatusActions();
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  // One cannot deactivate oneself (the server refuses too), so one's own row does not offer it.
  const ownId = getStoredUserId();

  const columns: TableColumnsType<User> = [
    ...SPEC_COLUMNS,
    actionsColumn<User>((user) => {
      const name = fullName(user);
      const busy = busyId === user.id;
      return [
        {
          text: 'Edit',
          label: `Edit ${name}`,
          icon: <EditOutlined aria-hidden />,
          onClick: () => setEditing(user),
        },
        user.is_active
          ? user.id !== ownId && {
              text: 'Deactivate',
              label: `Deactivate ${name}`,
              danger: true,
              loading: busy,
              onClick: () => confirmDeactivate(user),
            }
          : {
              text: 'Reactivate',
              label: `Reactivate ${name}`,
              loading: busy,
              onClick: () => confirmReactivate(user),
            },
        { text: 'Reset password', label: `Reset password for ${name}`, onClick: () => setResetting(user) },
      ];
    }),
  ];

  return (
    <ListPage<User>
      title="All Users"
      {...table}
      columns={columns}
      filtersLabel="Filter users"
      exportTo={{ path: apiRoutes.exports.users }}
      footer={<SignInThrottlesCard />}
    >
      {editing ? <EditUserModal user={editing} onClose={() => setEditing(null)} /> : null}
      {resetting ? <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} /> : null}
    </ListPage>
  );
}
