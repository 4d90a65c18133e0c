import { skipToken } from '@reduxjs/toolkit/query/react';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { ReportPeriod } from '@lender/shared/domain/statuses';
import { texts } from '@lender/shared/texts';
import { Alert, DatePicker, Flex, Select, dayjs } from '@lender/shared/ui/antd';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ExportButton } from '@lender/shared/ui/export-button.tsx';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { useListUrlState, type ListSort } from '@lender/shared/ui/use-list-url-state';
import { REPORT_LOAN_COLUMNS } from '../../../components/report-loan-columns';
import { useClampedPage, useReportUrlState, type ReportFilter } from '../../../components/report-url-state';
import { useGetLoanReportQuery, type LoanReportArg } from '../api/loan-report-api';
import { ReportSummary } from './report-summary';

/** The report periods of the docs/product.md#constants, in its order. */
export const PERIOD_OPTIONS: { value: ReportPeriod; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'this_week', label: 'This Week' },
  { value: 'last_week', label: 'Last Week' },
  { value: 'this_month', label: 'This Month' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'this_year', label: 'This Year' },
  { value: 'period', label: 'Custom Period' },
];

const DAY = 'YYYY-MM-DD';

const day = (value: string | null) => (value ? dayjs(value) : null);

interface PeriodDayFieldProps {
  /** Which day of the custom period: the start (not after the end) or the end (not before the start). */
  bound: 'start' | 'end';
  filter: ReportFilter;
  setFilter: (next: ReportFilter) => void;
}

/** A custom period's day: its label above a DatePicker of YYYY-MM-DD days, kept on its side of the other day. */
function PeriodDayField({ bound, filter, setFilter }: PeriodDayFieldProps) {
  const id = `loan-report-${bound}`;
  const otherDay = day(bound === 'start' ? filter.end : filter.start) ?? undefined;
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id}>{bound === 'start' ? 'Start Date' : 'End Date'}</label>
      <DatePicker
        id={id}
        format={DAY}
        value={day(filter[bound])}
        onChange={(next) => setFilter({ ...filter, [bound]: next ? next.format(DAY) : null })}
        {...(bound === 'start' ? { maxDate: otherDay } : { minDate: otherDay })}
      />
    </Flex>
  );
}

/** The request for the chosen filter and page, or skipToken while a custom period lacks a date. */
function reportArg(
  { period, start, end }: ReportFilter,
  page: number,
  sort: ListSort | undefined,
): LoanReportArg | typeof skipToken {
  const sorted = sort ? { sort: sort.key, order: sort.order } : {};
  if (period !== 'period') return { period, page, ...sorted };
  if (!start || !end) return skipToken;
  return { period, start_date: start, end_date: end, page, ...sorted };
}

/** The export's query: the period on screen (the whole of it, every page) in the list's sort. */
const exportQuery = ({ period, start, end }: ReportFilter, sort: ListSort | undefined) =>
  new URLSearchParams({
    period,
    ...(period === 'period' && start && end ? { start_date: start, end_date: end } : {}),
    ...(sort ? { sort: sort.key, order: sort.order } : {}),
  });

/**
 * Loan Report (/loan-report): a period filter, the summary cards of the whole period and the loans
 * disbursed in it, a server page at a time; the filter and the page live in the URL.
 */
export default function LoanReportPage() {
  const { filter, setFilter } = useReportUrlState();
  const { page, setPage, sort, setSort } = useListUrlState();
  const { period } = filter;
  const arg = reportArg(filter, page, sort);
  const { data, currentData, isFetching, isError, refetch } = useGetLoanReportQuery(arg);
  useClampedPage(page, setPage, currentData?.meta);
  const waitingForDates = arg === skipToken;

  return (
    <div>
      <PageHeader
        title="Loan Reports"
        extra={
          waitingForDates ? null : (
            <ExportButton path={`${apiRoutes.exports.loanReport}?${exportQuery(filter, sort).toString()}`} />
          )
        }
      />
      <Flex wrap gap="middle" align="end" style={{ marginBottom: 16 }}>
        <Flex vertical gap={4}>
          <label htmlFor="loan-report-period">Period</label>
          <Select<ReportPeriod>
            id="loan-report-period"
            aria-label="Period"
            value={period}
            options={PERIOD_OPTIONS}
            virtual={false}
            onChange={(next) => setFilter({ ...filter, period: next })}
            style={{ minWidth: 180 }}
          />
        </Flex>
        {period === 'period' ? (
          <>
            <PeriodDayField bound="start" filter={filter} setFilter={setFilter} />
            <PeriodDayField bound="end" filter={filter} setFilter={setFilter} />
          </>
        ) : null}
      </Flex>
      {waitingForDates ? (
        <Alert
          type="info"
          showIcon
          title="Choose a start date and an end date."
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {data && !waitingForDates && !isError ? <ReportSummary summary={data.summary} /> : null}
      <PagedTable<LoanRow>
        label="Loans in the period"
        columns={REPORT_LOAN_COLUMNS}
        rows={waitingForDates ? [] : data?.loans}
        rowKey="id"
        loading={isFetching}
        error={isError && !waitingForDates}
        errorText={texts.errors.loansFetch}
        onRetry={() => void refetch()}
        page={page}
        totalPages={waitingForDates ? 1 : data?.meta.totalPages}
        onPageChange={setPage}
        sort={sort}
        onSortChange={setSort}
      />
    </div>
  );
}
