import { useState } from 'react';
import type { User } from '@lender/shared/contract/users';
import { ROLE_LABELS } from '@lender/shared/domain/roles';
import { Flex, Tag, Typography, dayjs, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { UserAvatar } from '@lender/shared/ui/user-avatar.tsx';
import { ListErrorAlert } from '@lender/shared/ui/list-error-alert.tsx';
import { useGetUsersQuery } from '../../../api/admin-api';

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

const COLUMNS: TableColumnsType<User> = [
  {
    title: 'User',
    key: 'user',
    render: (_, user) => (
      <Flex align="center" gap="small">
        <UserAvatar src={user.avatar} name={fullName(user)} />
        <Flex vertical>
          <Typography.Text strong>{fullName(user)}</Typography.Text>
          <Typography.Text type="secondary">{ROLE_LABELS[user.role]}</Typography.Text>
        </Flex>
      </Flex>
    ),
  },
  { title: 'Email', dataIndex: 'email', key: 'email' },
  {
    title: 'Status',
    dataIndex: 'is_active',
    key: 'status',
    render: (isActive: boolean) => (isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
  },
  {
    title: 'User Since',
    dataIndex: 'created_at',
    key: 'created_at',
    render: (createdAt: string) => dayjs(createdAt).format('D MMM YYYY'),
  },
];

/** All Users (/all-users, admins): staff users, one server page at a time. */
export default function UsersListPage() {
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useGetUsersQuery({ page });

  return (
    <>
      <PageHeader title="All Users" />
      <Flex vertical gap="middle">
        <ListErrorAlert error={error} />
        <PagedTable<User>
          label="All Users"
          columns={COLUMNS}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
        />
      </Flex>
    </>
  );
}
