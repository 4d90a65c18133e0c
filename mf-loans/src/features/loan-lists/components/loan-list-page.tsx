import { apiErrorBody, httpStatus, type RequestError } from '@lender/shared/client/api-error';
import { liveRefresh } from '@lender/shared/client/live-refresh';
import { useNavigate } from '@lender/shared/client/router';
import type { LoanExportList } from '@lender/shared/contract/exports';
import type { LoanRow } from '@lender/shared/contract/loans';
import { apiRoutes, appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanListArgs, useListFilters, type ListFilterSpec } from '../../../components/list-filters';
import { datePart, LOAN_ROW_COLUMNS, PAYMENT_DATE_COLUMNS } from '../../../components/loan-columns';
import { useGetLoanListQuery, type LoanListKind } from '../api/loan-lists-api';
import { PROMISE_COLUMNS, PROMISE_FILTER } from './promise-column';

/**
 * What a failed list says (docs/product.md#messages): the server's message, else 'Failed to fetch
 * loans.' when the server answered without one, else (no answer at all) the unexpected-error text.
 */
export function loanListErrorText(error: RequestError): string {
  const body = apiErrorBody(error);
  const message = body?.errors?.[0]?.msg ?? body?.message;
  if (message) return message;
  if (httpStatus(error) !== null) return texts.errors.loansFetch;
  return texts.errors.unexpected;
}

const DEFAULTED_COLUMNS: TableColumnsType<LoanRow> = [
  {
    title: 'Default Date',
    dataIndex: 'default_date',
    key: 'default_date',
    render: (date: string | null) => datePart(date),
  },
  { title: 'Days Overdue', dataIndex: 'days_overdue', key: 'days_overdue', align: 'right', sorter: true },
];

interface LoanListConfig {
  title: string;
  emptyText: string;
  /**
   * Columns after the loan row columns (the due and defaulted lists' Paid Through and Lock Date,
   * the defaulted list's Default Date and Days Overdue).
   */
  extraColumns?: TableColumnsType<LoanRow>;
  /** Shows the latest promise to pay and filters by it (the due and defaulted lists). */
  promises?: boolean;
  /** What its rows differ in (issue 14): the filters above the table. */
  filters: ListFilterSpec;
}

/** The states of the loans open and falling due (a due list holds no paid or defaulted loan). */
const DUE_FILTERS = {
  statuses: ['active', 'partially_paid', 'overdue'],
  devices: ['active', 'waiting', 'locked'],
} as const;

/** The export of each list (GET /api/exports/loans.csv?list=). */
const EXPORT_LISTS: Record<LoanListKind, LoanExportList> = {
  cleared: 'paid',
  dueToday: 'dueToday',
  dueTomorrow: 'dueTomorrow',
  due2to7: 'due2to7',
  defaulted: 'defaulted',
};

export const LOAN_LISTS: Record<LoanListKind, LoanListConfig> = {
  cleared: {
    title: 'Cleared Loans',
    emptyText: 'No cleared loans yet.',
    filters: { devices: ['active', 'purchased'], dateLabel: 'Disbursed' },
  },
  // One day's dues: no date range.
  dueToday: {
    title: 'Due Today',
    emptyText: texts.empty.dueToday,
    extraColumns: PAYMENT_DATE_COLUMNS,
    promises: true,
    filters: DUE_FILTERS,
  },
  // The menu's spelling (docs/product.md#menu).
  dueTomorrow: {
    title: 'Due Tommorrow',
    emptyText: texts.empty.dueTomorrow,
    extraColumns: PAYMENT_DATE_COLUMNS,
    promises: true,
    filters: DUE_FILTERS,
  },
  due2to7: {
    title: 'Due 2-7 days',
    emptyText: texts.empty.due2to7,
    extraColumns: PAYMENT_DATE_COLUMNS,
    promises: true,
    filters: { ...DUE_FILTERS, dateLabel: 'Due' },
  },
  defaulted: {
    title: 'Defaulted Loans',
    emptyText: 'No defaulted loans.',
    extraColumns: [...PAYMENT_DATE_COLUMNS, ...DEFAULTED_COLUMNS],
    promises: true,
    filters: { devices: ['active', 'waiting', 'locked', 'repossessed'], dateLabel: 'Due' },
  },
};

/** One of the read-only loan lists of docs/product.md#other-loan-lists: the loan row columns, View, Previous/Next (page in the URL). */
export function LoanListPage({ kind }: { kind: LoanListKind }) {
  const config = LOAN_LISTS[kind];
  const navigate = useNavigate();
  const filters = useListFilters(config.filters);
  // The promise filter only where the list shows promises (the due and defaulted lists).
  const table = useListQuery(
    config.promises ? [...filters, PROMISE_FILTER] : filters,
    (list: ListPageState) => ({ kind, ...loanListArgs(list) }),
    useGetLoanListQuery,
    liveRefresh,
  );

  const columns: TableColumnsType<LoanRow> = [
    ...LOAN_ROW_COLUMNS,
    ...(config.extraColumns ?? []),
    ...(config.promises ? PROMISE_COLUMNS : []),
    actionsColumn<LoanRow>((loan) => [
      {
        text: 'View',
        label: `View ${loan.customer_name}`,
        onClick: () => navigate(appRoutes.viewLoan(loan.id)),
      },
    ]),
  ];

  return (
    <ListPage<LoanRow>
      title={config.title}
      {...table}
      columns={columns}
      exportTo={{ path: apiRoutes.exports.loans, params: { list: EXPORT_LISTS[kind] } }}
      errorText={loanListErrorText}
      empty={{ filtered: 'No loans match the filters.', none: config.emptyText }}
    />
  );
}

export const ClearedLoansPage = () => <LoanListPage kind="cleared" />;
export const DueTodayPage = () => <LoanListPage kind="dueToday" />;
export const DueTomorrowPage = () => <LoanListPage kind="dueTomorrow" />;
export const Due2to7Page = () => <LoanListPage kind="due2to7" />;
export const DefaultedLoansPage = () => <LoanListPage kind="defaulted" />;
