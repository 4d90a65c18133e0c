import { useEffect, useState } from 'react';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { serverMessage } from '@lender/shared/client/api-error';
import type { MpesaPaymentStatus, SuspensePayment } from '@lender/shared/contract/suspense';
import { formatKsh } from '@lender/shared/domain/money';
import { Button, Flex, Segmented, Space, type TableColumnsType } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { exportQuery, ListFiltersBar } from '@lender/shared/ui/list-filters-bar.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { SearchBox } from '../../../components/search-box';
import { useGetSuspensePaymentsQuery, useGetSuspenseSummaryQuery } from '../api/mpesa-suspense-api';
import { AssignPaymentModal } from './assign-payment-modal';
import { RefundPaymentModal } from './refund-payment-modal';
import { RESOLUTION_COLUMNS, SUSPENSE_COLUMNS } from './suspense-columns';
import { useSuspenseStatusUrlState } from './suspense-url-state';

const TITLE = 'M-Pesa Suspense';

const STATUS_OPTIONS: { label: string; value: MpesaPaymentStatus }[] = [
  { label: 'Waiting', value: 'suspense' },
  { label: 'Applied', value: 'applied' },
  { label: 'Refunded', value: 'refunded' },
];

const EMPTY_TEXTS: Record<MpesaPaymentStatus, string> = {
  suspense: 'No payments are waiting.',
  applied: 'No applied payments.',
  refunded: 'No refunded payments.',
};

/**
 * M-Pesa Suspense (/mpesa-suspense, issue 13, admins): paybill payments the server could not put
 * on a loan by itself. Status, search, sort (received, amount, code), the days paid and page live
 * in the URL; what waits can be assigned to a loan or marked refunded.
 */
export default function MpesaSuspensePage() {
  const { page, search, sort, filters, setPage, setSearch, setSort, setFilters, queryArgs } =
    useListUrlState();
  const { status, setStatus } = useSuspenseStatusUrlState();
  const query = queryArgs(['from', 'to'] as const);
  const { data, currentData, error, isFetching, refetch } = useGetSuspensePaymentsQuery(
    { page, search, status, query },
    liveRefresh,
  );
  const { data: summary } = useGetSuspenseSummaryQuery(undefined, liveRefresh);
  const [assigning, setAssigning] = useState<SuspensePayment | null>(null);
  const [refunding, setRefunding] = useState<SuspensePayment | null>(null);

  const lastPage = currentData?.meta.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  const columns: TableColumnsType<SuspensePayment> =
    status === 'suspense'
      ? [
          ...SUSPENSE_COLUMNS,
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, payment: SuspensePayment) => (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  aria-label={`Assign payment ${payment.trans_id}`}
                  onClick={() => setAssigning(payment)}
                >
                  Assign
                </Button>
                <Button
                  size="small"
                  aria-label={`Refund payment ${payment.trans_id}`}
                  onClick={() => setRefunding(payment)}
                >
                  Refund
                </Button>
              </Space>
            ),
          },
        ]
      : [...SUSPENSE_COLUMNS, ...RESOLUTION_COLUMNS];

  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          summary
            ? `${summary.waiting} ${summary.waiting === 1 ? 'payment' : 'payments'} waiting, ${formatKsh(summary.amount)}`
            : undefined
        }
        extra={
          <Flex wrap gap="small">
            <SearchBox
              label="Search by M-Pesa code, payer, account or amount"
              search={search}
              onSearch={setSearch}
            />
            <ExportButton
              path={`${apiRoutes.exports.suspense}${exportQuery({ status, search, ...query })}`}
            />
          </Flex>
        }
      />
      <Flex vertical gap="middle">
        <Segmented<MpesaPaymentStatus>
          aria-label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
        />
        <ListFiltersBar
          label="Filter M-Pesa payments"
          values={filters}
          onChange={setFilters}
          filters={[
            { kind: 'dateRange', from: 'from', to: 'to', fromLabel: 'Paid from', toLabel: 'Paid to' },
          ]}
        />
        <PagedTable<SuspensePayment>
          label={TITLE}
          columns={columns}
          rows={data?.data}
          rowKey="id"
          loading={isFetching}
          error={error}
          errorText={error ? serverMessage(error, 'Failed to fetch M-Pesa payments.') : undefined}
          onRetry={() => void refetch()}
          page={page}
          totalPages={data?.meta.totalPages}
          totalEstimated={data?.meta.totalEstimated}
          onPageChange={setPage}
          sort={sort}
          onSortChange={setSort}
          emptyText={
            search
              ? `No payments match "${search}".`
              : query.from || query.to
                ? 'No payments match these days.'
                : EMPTY_TEXTS[status]
          }
        />
      </Flex>
      <AssignPaymentModal
        key={assigning?.id ?? 'none'}
        payment={assigning}
        onClose={() => setAssigning(null)}
      />
      <RefundPaymentModal payment={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
