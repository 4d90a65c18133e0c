import { readSession } from '@lender/shared/client/session';
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

/**
 * The caller's role and id, sent as the contract's role&userId; no officerId, so an admin sees
 * the whole company (officerId would narrow it to one officer). The server scopes by the token.
 */
function monthlyScope(): { role?: string; userId?: number } {
  const user = readSession()?.user;
  return user ? { role: user.role, userId: user.id } : {};
}

export const monthlyApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/monthly-active-loans?month&year&page: a page of the loans disbursed in the month, and the month's summary. */
    getMonthlyActiveLoans: builder.query<MonthlyActiveLoansResponse, MonthArg>({
      query: (arg) => ({
        url: apiRoutes.loans.monthlyActive,
        params: { ...monthlyScope(), ...arg },
      }),
      providesTags: ['Loan', 'Report', 'Target'],
    }),
    /** GET /api/repayments/monthly-approved?month&year&page: a page of the repayments approved in the month, and the month's summary. */
    getMonthlyApprovedRepayments: builder.query<MonthlyApprovedRepaymentsResponse, MonthArg>({
      query: (arg) => ({
        url: apiRoutes.repayments.monthlyApproved,
        params: { ...monthlyScope(), ...arg },
      }),
      providesTags: ['Repayment', 'Report', 'Target'],
    }),
  }),
});

export const { useGetMonthlyActiveLoansQuery, useGetMonthlyApprovedRepaymentsQuery } = monthlyApi;
