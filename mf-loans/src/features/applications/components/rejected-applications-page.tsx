import { useEffect } from 'react';
import { APPLICATION_LIST_FILTERS, type RejectedApplicationRow } from '@lender/shared/contract/applications';
import { Flex, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { ListFilterBar } from '@lender/shared/ui/list-filter-bar.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { useGetRejectedApplicationsQuery } from '../api/applications-api';
import { useListFilters } from '../../../components/list-filters';
import { applicationColumns } from './application-columns';

/** The rejected applications differ in product, officer and when rejected. */
const FILTERS = { dateLabel: 'Rejected' } as const;

const COLUMNS: TableColumnsType<RejectedApplicationRow> = [
  ...applicationColumns<RejectedApplicationRow>((row) => row.rejected_at, 'Rejected On', 'rejected_at'),
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
 * only grows), most recently rejected first, with the page, sort and filters in the URL.
 */
export default function RejectedApplicationsPage() {
  const { page, sort, filters, setPage, setSort, setFilters, queryArgs } = useListUrlState();
  const listFilters = useListFilters(FILTERS);
  const { data, currentData, error, isFetching, refetch } = useGetRejectedApplicationsQuery({
    page,
    filters: queryArgs(APPLICATION_LIST_FILTERS),
  });

  // A page past the end (an old link) moves to the last one.
  const lastPage = currentData?.meta.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  return (
    <>
      <PageHeader title="Rejected Loan Applications" />
      <Flex vertical gap="middle">
        <ListFilterBar filters={listFilters} values={filters} onChange={setFilters} />
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
          sort={sort}
          onSortChange={setSort}
          emptyText={
            APPLICATION_LIST_FILTERS.some((name) => filters[name])
              ? 'No applications match the filters.'
              : 'No rejected applications.'
          }
        />
      </Flex>
    </>
  );
}
