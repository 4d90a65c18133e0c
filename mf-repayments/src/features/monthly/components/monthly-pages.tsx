import { nairobiDay } from '@lender/shared/domain/date-time';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { Repayment } from '@lender/shared/contract/repayments';
import { texts } from '@lender/shared/texts';
import { type TableColumnsType } from '@lender/shared/ui/antd';
import { Money } from '@lender/shared/ui/money.tsx';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState } from '@lender/shared/ui/use-list-url-state';
import { REPORT_LOAN_COLUMNS } from '../../../components/report-loan-columns';
import { useClampedPage, useMonthUrlState } from '../../../components/report-url-state';
import { useGetMonthlyActiveLoansQuery, useGetMonthlyApprovedRepaymentsQuery } from '../api/monthly-api';
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

/** Monthly Disbursement (/monthly-active-loans): loans disbursed in the month against the target, a server page at a time. */
export function MonthlyDisbursementPage() {
  const { month, setMonth } = useMonthUrlState();
  const { page, setPage, sort, setSort } = useListUrlState();
  const { data, currentData, isFetching, isError, refetch } = useGetMonthlyActiveLoansQuery({
    ...month,
    page,
    ...(sort ? { sort: sort.key, order: sort.order } : {}),
  });
  useClampedPage(page, setPage, currentData?.meta);
  return (
    <div>
      <PageHeader
        title="Monthly Disbursement"
        extra={[
          <ExportButton
            key="export"
            path={`${apiRoutes.exports.monthlyLoans}?${new URLSearchParams({ month: String(month.month), year: String(month.year), ...(sort ? { sort: sort.key, order: sort.order } : {}) }).toString()}`}
          />,
          <MonthNavigator key="month" value={month} onChange={setMonth} />,
        ]}
      />
      {data && !isError ? (
        <MonthlySummary
          countLabel="Loans disbursed"
          count={data.summary.loan_count}
          total={data.summary.total_amount_sum}
          target={data.summary.target_amount}
          deficit={data.summary.deficit}
          percentage={data.summary.percentage}
        />
      ) : null}
      <PagedTable<LoanRow>
        label="Loans disbursed"
        columns={REPORT_LOAN_COLUMNS}
        rows={data?.loans}
        rowKey="id"
        loading={isFetching}
        error={isError}
        errorText={texts.errors.loansFetch}
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

/** Monthly Collection (/monthly-approved-repayments): repayments approved in the month against the target, a server page at a time. */
export function MonthlyCollectionPage() {
  const { month, setMonth } = useMonthUrlState();
  const { page, setPage, sort, setSort } = useListUrlState();
  const { data, currentData, isFetching, isError, refetch } = useGetMonthlyApprovedRepaymentsQuery({
    ...month,
    page,
    ...(sort ? { sort: sort.key, order: sort.order } : {}),
  });
  useClampedPage(page, setPage, currentData?.meta);
  return (
    <div>
      <PageHeader title="Monthly Collection" extra={<MonthNavigator value={month} onChange={setMonth} />} />
      {data && !isError ? (
        <MonthlySummary
          countLabel="Repayments approved"
          count={data.summary.repayment_count}
          total={data.summary.total_amount_sum}
          target={data.summary.target_amount}
          deficit={data.summary.deficit}
          percentage={data.summary.percentage}
        />
      ) : null}
      <PagedTable<Repayment>
        label="Repayments approved"
        columns={REPAYMENT_COLUMNS}
        rows={data?.repayments}
        rowKey="id"
        loading={isFetching}
        error={isError}
        errorText={texts.errors.repaymentsListFetch}
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
