import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { ReportPeriod } from '@lender/shared/domain/statuses';
import { texts } from '@lender/shared/texts';
import { Alert, DatePicker, Flex, Select, Table, type Dayjs } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { REPORT_LOAN_COLUMNS } from '../../../components/report-loan-columns';
import { useGetLoanReportQuery, type LoanReportArg } from '../api/loan-report-api';
import { ReportSummary } from './report-summary';

/** The report periods of the specification §9, in its order. */
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

/** The request for the chosen filter, or skipToken while a custom period lacks a date. */
function reportArg(
  period: ReportPeriod,
  start: Dayjs | null,
  end: Dayjs | null,
): LoanReportArg | typeof skipToken {
  if (period !== 'period') return { period };
  if (!start || !end) return skipToken;
  return { period, start_date: start.format(DAY), end_date: end.format(DAY) };
}

/** Loan Report (/loan-report): a period filter, the summary cards and the loans disbursed in the period. */
export default function LoanReportPage() {
  const [period, setPeriod] = useState<ReportPeriod>('all');
  const [start, setStart] = useState<Dayjs | null>(null);
  const [end, setEnd] = useState<Dayjs | null>(null);
  const arg = reportArg(period, start, end);
  const { data, isFetching, isError } = useGetLoanReportQuery(arg);
  const waitingForDates = arg === skipToken;

  return (
    <div>
      <PageHeader title="Loan Reports" />
      <Flex wrap gap="middle" align="end" style={{ marginBottom: 16 }}>
        <Flex vertical gap={4}>
          <label htmlFor="loan-report-period">Period</label>
          <Select<ReportPeriod>
            id="loan-report-period"
            aria-label="Period"
            value={period}
            options={PERIOD_OPTIONS}
            virtual={false}
            onChange={setPeriod}
            style={{ minWidth: 180 }}
          />
        </Flex>
        {period === 'period' ? (
          <>
            <Flex vertical gap={4}>
              <label htmlFor="loan-report-start">Start Date</label>
              <DatePicker
                id="loan-report-start"
                format={DAY}
                value={start}
                onChange={(value) => setStart(value)}
                maxDate={end ?? undefined}
              />
            </Flex>
            <Flex vertical gap={4}>
              <label htmlFor="loan-report-end">End Date</label>
              <DatePicker
                id="loan-report-end"
                format={DAY}
                value={end}
                onChange={(value) => setEnd(value)}
                minDate={start ?? undefined}
              />
            </Flex>
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
      {isError && !waitingForDates ? (
        <Alert type="error" showIcon title={texts.errors.loansFetch} style={{ marginBottom: 16 }} />
      ) : null}
      {data && !waitingForDates && !isError ? <ReportSummary summary={data.summary} /> : null}
      <Table<LoanRow>
        aria-label="Loans in the period"
        columns={REPORT_LOAN_COLUMNS}
        dataSource={waitingForDates || isError ? [] : (data?.loans ?? [])}
        rowKey="id"
        loading={isFetching}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
