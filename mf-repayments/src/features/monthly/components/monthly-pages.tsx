import { formatDay } from '@lender/shared/domain/date-time';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { Repayment } from '@lender/shared/contract/repayments';
import type { PageMeta, SortOrder } from '@lender/shared/contract/common';
import type {
  MonthlyActiveLoansResponse,
  MonthlyApprovedRepaymentsResponse,
  MonthlyCollectionSummary,
} from '@lender/shared/contract/reports';
import { texts } from '@lender/shared/texts';
import { type TableColumnsType } from '@lender/shared/ui/antd';
import { moneyColumn } from '@lender/shared/ui/money.tsx';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { exportQuery } from '@lender/shared/ui/export-button.tsx';
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
  moneyColumn<Repayment>('Amount', 'amount', { sorter: true }),
  { title: 'Mpesa Code', dataIndex: 'mpesa_code', key: 'mpesa_code' },
  {
    title: 'Paid Date',
    dataIndex: 'paid_date',
    key: 'paid_date',
    render: (day: string) => formatDay(day),
    sorter: true,
  },
  {
    title: 'Approved',
    dataIndex: 'approved_at',
    key: 'approved_at',
    render: (at: string | null) => formatDay(at),
    sorter: true,
  },
  { title: 'Recorded By', dataIndex: 'created_by_name', key: 'created_by_name' },
];

/** What a monthly page's answer holds besides its rows: the month's figures and the page. */
interface MonthlyAnswer {
  summary: Pick<MonthlyCollectionSummary, 'total_amount_sum' | 'target_amount' | 'deficit' | 'percentage'>;
  meta: PageMeta;
}

interface MonthlyPageProps<Row, Answer extends MonthlyAnswer> {
  title: string;
  /** The count's label, and the table's. */
  label: string;
  /** Its export (apiRoutes.exports…), asked with the month and sort on screen. */
  exportPath: string;
  columns: TableColumnsType<Row>;
  errorText: string;
  /** The page's query hook. */
  useMonth: (arg: MonthArg) => {
    data?: Answer | undefined;
    currentData?: Answer | undefined;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  /** The page's rows and the month's count in the answer. */
  pick: (answer: Answer) => { rows: Row[]; count: number };
}

/**
 * A monthly page: the month (URL), Export CSV of the whole month as sorted, the month's summary
 * against its target and its list, a server page at a time.
 */
function MonthlyPage<Row extends { id: number }, Answer extends MonthlyAnswer>({
  title,
  label,
  exportPath,
  columns,
  errorText,
  useMonth,
  pick,
}: MonthlyPageProps<Row, Answer>) {
  const { month, setMonth } = useMonthUrlState();
  const { page, setPage, sort, setSort } = useListUrlState();
  const sorted: { sort?: string; order?: SortOrder } = sort ? { sort: sort.key, order: sort.order } : {};
  const { data, currentData, isFetching, isError, refetch } = useMonth({ ...month, page, ...sorted });
  useClampedPage(page, setPage, currentData?.meta);
  const list = data && pick(data);
  return (
    <div>
      <PageHeader
        title={title}
        extra={[
          <ExportButton key="export" path={`${exportPath}${exportQuery({ ...month, ...sorted })}`} />,
          <MonthNavigator key="month" value={month} onChange={setMonth} />,
        ]}
      />
      {data && list && !isError ? (
        <MonthlySummary
          countLabel={label}
          count={list.count}
          total={data.summary.total_amount_sum}
          target={data.summary.target_amount}
          deficit={data.summary.deficit}
          percentage={data.summary.percentage}
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
        totalPages={data?.meta.totalPages}
        onPageChange={setPage}
        sort={sort}
        onSortChange={setSort}
      />
    </div>
  );
}

/** Monthly Disbursement (/monthly-active-loans): loans disbursed in the month against the target. */
export function MonthlyDisbursementPage() {
  return (
    <MonthlyPage<LoanRow, MonthlyActiveLoansResponse>
      title="Monthly Disbursement"
      label="Loans disbursed"
      exportPath={apiRoutes.exports.monthlyLoans}
      columns={REPORT_LOAN_COLUMNS}
      errorText={texts.errors.loansFetch}
      useMonth={useGetMonthlyActiveLoansQuery}
      pick={(answer) => ({ rows: answer.loans, count: answer.summary.loan_count })}
    />
  );
}

/** Monthly Collection (/monthly-approved-repayments): repayments approved in the month against the target. */
export function MonthlyCollectionPage() {
  return (
    <MonthlyPage<Repayment, MonthlyApprovedRepaymentsResponse>
      title="Monthly Collection"
      label="Repayments approved"
      exportPath={apiRoutes.exports.monthlyRepayments}
      columns={REPAYMENT_COLUMNS}
      errorText={texts.errors.repaymentsListFetch}
      useMonth={useGetMonthlyApprovedRepaymentsQuery}
      pick={(answer) => ({ rows: answer.repayments, count: answer.summary.repayment_count })}
    />
  );
}
