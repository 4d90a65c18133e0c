import type { RejectedApplicationRow } from '@lender/shared/contract/applications';
import { Empty, Flex, Table, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { ListErrorAlert } from '@lender/shared/ui/list-error-alert.tsx';
import { useGetRejectedApplicationsQuery } from '../api/applications-api';
import { applicationColumns } from './application-columns';

const COLUMNS: TableColumnsType<RejectedApplicationRow> = [
  ...applicationColumns<RejectedApplicationRow>((row) => row.rejected_at, 'Rejected On'),
  { title: 'Occupation', dataIndex: 'occupation', key: 'occupation' },
  { title: 'Address', dataIndex: 'address', key: 'address' },
  {
    title: 'Rejection Reason',
    dataIndex: 'rejection_reason',
    key: 'rejection_reason',
    render: (reason: string) => reason || '—',
  },
];

/** Rejected applications (/rejected-loans, §2.13): read-only; the server sends the whole list. */
export default function RejectedApplicationsPage() {
  const { data, error, isFetching } = useGetRejectedApplicationsQuery();

  return (
    <>
      <PageHeader title="Rejected Loan Applications" />
      <Flex vertical gap="middle">
        <ListErrorAlert error={error} />
        <Table<RejectedApplicationRow>
          aria-label="Rejected Loan Applications"
          columns={COLUMNS}
          dataSource={data ?? []}
          rowKey="id"
          loading={isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description="No rejected applications." /> }}
        />
      </Flex>
    </>
  );
}
