import { useEffect } from 'react';
import type { RejectedApplicationRow } from '@lender/shared/contract/applications';
import { Flex, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
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

/**
 * Rejected applications (/rejected-loans, §2.13): read-only, one server page at a time (the list
 * only grows), most recently rejected first, with the page in the URL.
 */
export default function RejectedApplicationsPage() {
  const { page, setPage } = useListUrlState();
  const { data, currentData, error, isFetching, refetch } = useGetRejectedApplicationsQuery({ page });

  // A page past the end (an old link) moves to the last one.
  const lastPage = currentData?.meta.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  return (
    <>
      <PageHeader title="Rejected Loan Applications" />
      <Flex vertical gap="middle">
        <PagedTable<RejectedApplicationRow>
          label="Rejected Loan Applications"
          columns={COLUMNS}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          error={error}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          emptyText="No rejected applications."
        />
      </Flex>
    </>
  );
}
