import { callerScope } from '@lender/shared/client/caller-scope';
import type {
  MonthlyActiveLoansResponse,
  MonthlyApprovedRepaymentsResponse,
} from '@lender/shared/contract/reports';
import type { SortOrder } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from '../../../api/repayments-api';

/** A calendar month (month 1–12), the page of its list (from 1) and the list's sort, if chosen. */
export interface MonthArg {
  month: number;
  year: number;
  page: number;
  sort?: string;
  order?: SortOrder;
}

export const monthlyApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/monthly-active-loans?month&year&page: a page of the loans disbursed in the month, and the month's summary. */
    getMonthlyActiveLoans: builder.query<MonthlyActiveLoansResponse, MonthArg>({
      query: (arg) => ({
        url: apiRoutes.loans.monthlyActive,
        params: { ...callerScope('userId'), ...arg },
      }),
      providesTags: ['Loan', 'Report', 'Target'],
    }),
    /** GET /api/repayments/monthly-approved?month&year&page: a page of the repayments approved in the month, and the month's summary. */
    getMonthlyApprovedRepayments: builder.query<MonthlyApprovedRepaymentsResponse, MonthArg>({
      query: (arg) => ({
        url: apiRoutes.repayments.monthlyApproved,
        params: { ...callerScope('userId'), ...arg },
      }),
      providesTags: ['Repayment', 'Report', 'Target'],
    }),
  }),
});

export const { useGetMonthlyActiveLoansQuery, useGetMonthlyApprovedRepaymentsQuery } = monthlyApi;
