import { nairobiDay } from '@lender/shared/domain/date-time';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { Repayment } from '@lender/shared/contract/repayments';
import type { PageMeta, SortOrder } from '@lender/shared/contract/common';
import type { MonthlyCollectionSummary } from '@lender/shared/contract/reports';
import { texts } from '@lender/shared/texts';
import { type TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { exportQuery } from '@lender/shared/ui/list-filters-bar.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { REPORT_LOAN_COLUMNS } from '../../../components/report-loan-columns';
import { useClampedPage, useMonthUrlState } from '../../../components/report-url-state';
import {
  useGetMonthlyActiveLoansQuery,
  useGetMonthlyApprovedRepaymentsQuery,
  type MonthArg,
} from '../api/monthly-api';
import { MonthNavigator } from '@lender/shared/ui/month-navigator.tsx';
import { MonthlySummary } from './monthly-summary';

const REPAYMENT_COLUMNS: TableColumnsType<Repayment> = [
  { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name' },
  {
    title: 'Amount',
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
    sorter: true,
  },
  { title: 'Mpesa Code', dataIndex: 'mpesa_code', key: 'mpesa_code' },
  { title: 'Paid Date', dataIndex: 'paid_date', key: 'paid_date', sorter: true },
  {
    title: 'Approved',
    dataIndex: 'approved_at',
    key: 'approved_at',
    render: (at: string | null) => nairobiDay(at) ?? texts.common.notAvailable,
    sorter: true,
  },
  { title: 'Recorded By', dataIndex: 'created_by_name', key: 'created_by_name' },
];

/** What a monthly page shows of its answer: the page's rows, the month's count and figures. */
interface MonthlyList<Row> {
  rows: Row[];
  count: number;
  summary: Pick<MonthlyCollectionSummary, 'total_amount_sum' | 'target_amount' | 'deficit' | 'percentage'>;
  meta: PageMeta;
}

interface MonthlyPageProps<Row> {
  title: string;
  /** The count's label, and the table's. */
  label: string;
  /** Its export (apiRoutes.exports…), asked with the month and sort on screen. */
  exportPath: string;
  columns: TableColumnsType<Row>;
  errorText: string;
  /** The page's query hook, its answer read as a MonthlyList. */
  useMonth: (arg: MonthArg) => {
    list: MonthlyList<Row> | undefined;
    currentMeta: PageMeta | undefined;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
}

/**
 * A monthly page: the month (URL), Export CSV of the whole month as sorted, the month's summary
 * against its target and its list, a server page at a time.
 */
function MonthlyPage<Row extends { id: number }>({
  title,
  label,
  exportPath,
  columns,
  errorText,
  useMonth,
}: MonthlyPageProps<Row>) {
  const { month, setMonth } = useMonthUrlState();
  const { page, setPage, sort, setSort } = useListUrlState();
  const sorted: { sort?: string; order?: SortOrder } = sort ? { sort: sort.key, order: sort.order } : {};
  const { list, currentMeta, isFetching, isError, refetch } = useMonth({ ...month, page, ...sorted });
  useClampedPage(page, setPage, currentMeta);
  return (
    <div>
      <PageHeader
        title={title}
        extra={[
          <ExportButton key="export" path={`${exportPath}${exportQuery({ ...month, ...sorted })}`} />,
          <MonthNavigator key="month" value={month} onChange={setMonth} />,
        ]}
      />
      {list && !isError ? (
        <MonthlySummary
          countLabel={label}
          count={list.count}
          total={list.summary.total_amount_sum}
          target={list.summary.target_amount}
          deficit={list.summary.deficit}
          percentage={list.summary.percentage}
        />
      ) : null}
      <PagedTable<Row>
        label={label}
        columns={columns}
        rows={list?.rows}
        rowKey="id"
        loading={isFetching}
        error={isError}
        errorText={errorText}
        onRetry={() => void refetch()}
        page={page}
        totalPages={list?.meta.totalPages}
        onPageChange={setPage}
        sort={sort}
        onSortChange={setSort}
      />
    </div>
  );
}

const useDisbursedLoans = (arg: MonthArg) => {
  const { data, currentData, isFetching, isError, refetch } = useGetMonthlyActiveLoansQuery(arg);
  const list = data && {
    rows: data.loans,
    count: data.summary.loan_count,
    summary: data.summary,
    meta: data.meta,
  };
  return { list, currentMeta: currentData?.meta, isFetching, isError, refetch };
};

const useApprovedRepayments = (arg: MonthArg) => {
  const { data, currentData, isFetching, isError, refetch } = useGetMonthlyApprovedRepaymentsQuery(arg);
  const list = data && {
    rows: data.repayments,
    count: data.summary.repayment_count,
    summary: data.summary,
    meta: data.meta,
  };
  return { list, currentMeta: currentData?.meta, isFetching, isError, refetch };
};

/** Monthly Disbursement (/monthly-active-loans): loans disbursed in the month against the target. */
export function MonthlyDisbursementPage() {
  return (
    <MonthlyPage<LoanRow>
      title="Monthly Disbursement"
      label="Loans disbursed"
      exportPath={apiRoutes.exports.monthlyLoans}
      columns={REPORT_LOAN_COLUMNS}
      errorText={texts.errors.loansFetch}
      useMonth={useDisbursedLoans}
    />
  );
}

/** Monthly Collection (/monthly-approved-repayments): repayments approved in the month against the target. */
export function MonthlyCollectionPage() {
  return (
    <MonthlyPage<Repayment>
      title="Monthly Collection"
      label="Repayments approved"
      exportPath={apiRoutes.exports.monthlyRepayments}
      columns={REPAYMENT_COLUMNS}
      errorText={texts.errors.repaymentsListFetch}
      useMonth={useApprovedRepayments}
    />
  );
}
