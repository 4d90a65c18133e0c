import { useState } from 'react';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import {
  MPESA_PAYMENT_STATUS_LABELS,
  type MpesaPaymentStatus,
  type SuspensePayment,
} from '@lender/shared/contract/suspense';
import { suspenseList } from '@lender/shared/contract/suspense-lists';
import { formatKsh } from '@lender/shared/domain/money';
import { Segmented, type TableColumnsType } from '@lender/shared/ui/antd';
import type { ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useListPage } from '@lender/shared/ui/use-list-page';
import { useGetSuspensePaymentsQuery, useGetSuspenseSummaryQuery } from '../api/mpesa-suspense-api';
import { AssignPaymentModal } from './assign-payment-modal';
import { RefundPaymentModal } from './refund-payment-modal';
import { HOW_APPLIED_COLUMN, RESOLUTION_COLUMNS, SUSPENSE_COLUMNS } from './suspense-columns';
import { useSuspenseStatusUrlState } from './suspense-url-state';

/** The suspense list's definition (shared/src/contract/suspense-lists.ts). */
const LIST = suspenseList('suspense');

const STATUS_OPTIONS: { label: string; value: MpesaPaymentStatus }[] = (
  ['suspense', 'applied', 'refunded'] as const
).map((value) => ({ label: MPESA_PAYMENT_STATUS_LABELS[value], value }));

/** The payments differ in the day paid. */
const FILTERS: ListFilter[] = LIST.filters.date ? [{ kind: 'dateRange', label: LIST.filters.date }] : [];

/**
 * M-Pesa Suspense (/mpesa-suspense, issue 13, admins): paybill payments the server could not put
 * on a loan by itself. Status, search, sort (received, amount, code), the days paid and page live
 * in the URL; what waits can be assigned to a loan or marked refunded.
 */
export default function MpesaSuspensePage() {
  const list = useListPage(FILTERS);
  const { status, setStatus } = useSuspenseStatusUrlState();
  const result = useGetSuspensePaymentsQuery(
    { page: list.page, search: list.search, status, query: list.query },
    liveRefresh,
  );
  const { data: summary } = useGetSuspenseSummaryQuery(undefined, liveRefresh);
  const [assigning, setAssigning] = useState<SuspensePayment | null>(null);
  const [refunding, setRefunding] = useState<SuspensePayment | null>(null);

  const columns: TableColumnsType<SuspensePayment> =
    status === 'suspense'
      ? [
          ...SUSPENSE_COLUMNS,
          actionsColumn<SuspensePayment>((payment) => [
            {
              text: 'Assign',
              label: `Assign payment ${payment.trans_id}`,
              primary: true,
              onClick: () => setAssigning(payment),
            },
            {
              text: 'Refund',
              label: `Refund payment ${payment.trans_id}`,
              onClick: () => setRefunding(payment),
            },
          ]),
        ]
      : status === 'applied'
        ? [...SUSPENSE_COLUMNS, HOW_APPLIED_COLUMN, ...RESOLUTION_COLUMNS]
        : [...SUSPENSE_COLUMNS, ...RESOLUTION_COLUMNS];

  return (
    <ListPage<SuspensePayment>
      title={LIST.title}
      description={
        summary
          ? `${summary.waiting} ${summary.waiting === 1 ? 'payment' : 'payments'} waiting, ${formatKsh(summary.amount)}`
          : undefined
      }
      list={list}
      result={result}
      columns={columns}
      filtersLabel="Filter M-Pesa payments"
      exportTo={{ path: apiRoutes.exports.suspense, params: { status } }}
      search={{ label: 'Search by M-Pesa code, payer, account or amount' }}
      beforeFilters={
        <Segmented<MpesaPaymentStatus>
          aria-label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
        />
      }
      errorText="Failed to fetch M-Pesa payments."
      empty={{
        searched: (search) => `No payments match "${search}".`,
        filtered: 'No payments match these days.',
        none: status === 'suspense' ? LIST.empty : LIST.emptyDecided[status],
      }}
    >
      <AssignPaymentModal
        key={assigning?.id ?? 'none'}
        payment={assigning}
        onClose={() => setAssigning(null)}
      />
      <RefundPaymentModal payment={refunding} onClose={() => setRefunding(null)} />
    </ListPage>
  );
}
