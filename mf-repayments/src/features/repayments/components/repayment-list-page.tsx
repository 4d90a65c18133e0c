import { hasErrorField, serverMessage, type RequestError } from '@lender/shared/client/api-error';
import { getStoredUserId } from '@lender/shared/client/session';
import { useCan } from '@lender/shared/client/use-can';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import type { Repayment } from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { App, type TableColumnsType } from '@lender/shared/ui/antd';
import { officerFilter, productFilter, type ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { paymentFacts } from '@lender/shared/ui/payment-facts';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { searchedListArgs, useListQuery } from '@lender/shared/ui/use-list-query';
import { useGetFilterOfficersQuery, useGetFilterProductsQuery } from '../../../api/filter-options-api';
import { TOAST } from '../../../components/toast';
import {
  useApproveRepaymentMutation,
  useGetRepaymentsQuery,
  type RepaymentListKind,
} from '../api/repayments-lists-api';
import { amountColumn, customerColumn, dateColumn, loanStatusColumn, mpesaColumn } from './repayment-columns';

/**
 * What a failed approval says (docs/product.md#messages): an `error` field means 'You are not
 * authorized', else the server's message, else the unexpected-error text.
 */
export function approveErrorText(error: RequestError): string {
  if (hasErrorField(error)) return texts.auth.notAuthorized;
  return serverMessage(error, texts.errors.unexpectedTryAgain);
}

interface RepaymentListConfig {
  title: string;
  emptyText: string;
  columns: TableColumnsType<Repayment>;
}

export const REPAYMENT_LISTS: Record<RepaymentListKind, RepaymentListConfig> = {
  pending: {
    title: 'Pending Repayments',
    emptyText: 'No pending repayments.',
    columns: [
      customerColumn,
      loanStatusColumn,
      amountColumn,
      mpesaColumn,
      dateColumn('Paid Date', 'paid_date'),
      dateColumn('Due Date', 'due_date'),
      dateColumn('Created At', 'created_at'),
    ],
  },
  approved: {
    title: 'Approved Repayments',
    emptyText: 'No approved repayments.',
    columns: [
      customerColumn,
      amountColumn,
      dateColumn('Payment Date', 'paid_date'),
      mpesaColumn,
      loanStatusColumn,
    ],
  },
  all: {
    title: 'All Repayments',
    emptyText: 'No repayments.',
    columns: [customerColumn, amountColumn, dateColumn('Payment Date', 'paid_date'), mpesaColumn],
  },
};

/** One of the repayment lists of docs/product.md#repayment-lists: search and page in the URL, one server page at a time. */
export function RepaymentListPage({ kind }: { kind: RepaymentListKind }) {
  const config = REPAYMENT_LISTS[kind];
  const { notification } = App.useApp();
  // The officer filter is an admin's (an officer's list is their book whatever is asked).
  const seesWholeBook = useSeesWholeBook();
  const products = useGetFilterProductsQuery();
  const officers = useGetFilterOfficersQuery(undefined, { skip: !seesWholeBook });
  const filters: ListFilter[] = [
    productFilter(products.data, products.isFetching),
    ...(seesWholeBook ? [officerFilter(officers.data, officers.isFetching)] : []),
    { kind: 'dateRange', label: 'Paid' },
  ];
  const table = useListQuery(
    filters,
    (list: ListPageState) => ({ kind, ...searchedListArgs(list) }),
    useGetRepaymentsQuery,
  );
  const [approve, { isLoading: approving, originalArgs }] = useApproveRepaymentMutation();
  const mayApprove = useCan('repayments.approve');
  const confirm = useConfirm();

  const approveRepayment = async (repayment: Repayment) => {
    const result = await approve({
      id: repayment.id,
      body: {
        loanId: repayment.loan_id,
        amount: repayment.amount,
        status: 'paid',
        mpesaCode: repayment.mpesa_code,
        customerId: repayment.customer_id,
        initiatedBy: getStoredUserId() ?? undefined,
      },
    });
    if (result.error) notification.error({ ...TOAST, title: approveErrorText(result.error) });
    else notification.success({ ...TOAST, title: texts.success.repaymentApproved });
  };

  // Approving counts the money against the loan and may unlock the phone: confirm it first.
  const confirmApprove = (repayment: Repayment) =>
    confirm({
      title: 'Approve Repayment',
      question: 'Approve this repayment?',
      facts: paymentFacts({
        customer: repayment.customer_name,
        amount: repayment.amount,
        mpesaCode: repayment.mpesa_code,
      }),
      okText: 'Approve',
      onOk: () => approveRepayment(repayment),
    });

  const columns: TableColumnsType<Repayment> =
    kind === 'pending' && mayApprove
      ? [
          ...config.columns,
          actionsColumn<Repayment>((repayment) => [
            {
              text: 'Approve',
              label: `Approve the repayment of ${repayment.customer_name}`,
              primary: true,
              loading: approving && originalArgs?.id === repayment.id,
              onClick: () => confirmApprove(repayment),
            },
          ]),
        ]
      : config.columns;

  return (
    <ListPage<Repayment>
      title={config.title}
      {...table}
      columns={columns}
      filtersLabel={`Filter ${config.title.toLowerCase()}`}
      search={{ label: 'Search by customer name or M-Pesa code' }}
      exportTo={kind === 'all' ? undefined : { path: apiRoutes.exports.repayments, params: { list: kind } }}
      errorText={texts.errors.repaymentsListFetch}
      empty={{
        searched: (search) => `No repayments match "${search}".`,
        filtered: 'No repayments match these filters.',
        none: config.emptyText,
      }}
    />
  );
}

export const PendingRepaymentsPage = () => <RepaymentListPage kind="pending" />;
export const ApprovedRepaymentsPage = () => <RepaymentListPage kind="approved" />;
export const AllRepaymentsPage = () => <RepaymentListPage kind="all" />;
