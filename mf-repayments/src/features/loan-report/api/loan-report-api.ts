import type { LoanReportResponse } from '@lender/shared/contract/reports';
import type { SortOrder } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { ReportPeriod } from '@lender/shared/domain/statuses';
import { repaymentsApi } from '../../../api/repayments-api';

export interface LoanReportArg {
  period: ReportPeriod;
  /** YYYY-MM-DD; only with the custom period. */
  start_date?: string;
  end_date?: string;
  /** Page of the period's loan list, from 1; the summary covers the whole period. */
  page: number;
  /** The list's sort, if chosen (REPORT_LOAN_SORTS). */
  sort?: string;
  order?: SortOrder;
}

export const loanReportApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/loan-reports?period&start_date&end_date&page: a page of the period's loans and its summary. */
    getLoanReport: builder.query<LoanReportResponse, LoanReportArg>({
      query: ({ period, start_date, end_date, ...rest }) => ({
        url: apiRoutes.loans.reports,
        params: period === 'period' ? { period, start_date, end_date, ...rest } : { period, ...rest },
      }),
      providesTags: ['Loan', 'Repayment', 'Report'],
    }),
  }),
});

export const { useGetLoanReportQuery } = loanReportApi;
