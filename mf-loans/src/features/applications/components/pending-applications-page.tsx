import { useCan } from '@lender/shared/client/use-can';
import { APPLICATION_LIST_FILTERS, type PendingApplicationRow } from '@lender/shared/contract/applications';
import { Button, Flex, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { ListFilterBar } from '@lender/shared/ui/list-filter-bar.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { useListFilters } from '../../../components/list-filters';
import { useGetPendingApplicationsQuery } from '../api/applications-api';
import { useApplicationDecisions } from '../hooks/use-application-decisions';
import { applicationColumns } from './application-columns';
import { ApproveModal, RejectModal } from './decision-modals';

/** The applications differ in product, officer and when submitted. */
const FILTERS = { dateLabel: 'Submitted' } as const;

/** Pending applications (/pending-loans, §2.13): admins approve with a disbursed amount or reject with a reason. */
export default function PendingApplicationsPage() {
  const { page, sort, filters, setPage, setSort, setFilters, queryArgs } = useListUrlState();
  const listFilters = useListFilters(FILTERS);
  const { data, error, isFetching, refetch } = useGetPendingApplicationsQuery({
    page,
    filters: queryArgs(APPLICATION_LIST_FILTERS),
  });
  const mayDecide = useCan('applications.approve');
  const decisions = useApplicationDecisions();

  const columns: TableColumnsType<PendingApplicationRow> = [
    ...applicationColumns<PendingApplicationRow>((row) => row.created_at, 'Date', 'created_at'),
    ...(mayDecide
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: PendingApplicationRow) => (
              <Flex gap="small">
                <Button
                  type="primary"
                  size="small"
                  aria-label={`Approve the application of ${row.customer_full_name}`}
                  onClick={() => decisions.startApprove(row)}
                >
                  Approve
                </Button>
                <Button
                  danger
                  size="small"
                  aria-label={`Reject the application of ${row.customer_full_name}`}
                  onClick={() => decisions.startReject(row)}
                >
                  Reject
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader title="Pending Loan Applications" />
      <Flex vertical gap="middle">
        <ListFilterBar filters={listFilters} values={filters} onChange={setFilters} />
        <PagedTable<PendingApplicationRow>
          label="Pending Loan Applications"
          columns={columns}
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
              : 'No pending applications.'
          }
        />
      </Flex>
      {decisions.decision?.kind === 'approve' ? (
        <ApproveModal
          application={decisions.decision.application}
          loading={decisions.approving}
          onConfirm={decisions.confirmApprove}
          onCancel={decisions.close}
        />
      ) : null}
      {decisions.decision?.kind === 'reject' ? (
        <RejectModal
          application={decisions.decision.application}
          loading={decisions.rejecting}
          onConfirm={decisions.confirmReject}
          onCancel={decisions.close}
        />
      ) : null}
    </>
  );
}
