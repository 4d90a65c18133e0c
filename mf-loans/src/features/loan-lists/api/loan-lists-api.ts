import type { LoansPage } from '@lender/shared/contract/loans';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';
import { loanListScope } from '../../../components/loan-scope';
import type { ListQueryArgs } from '../../../components/list-filters';

/** The read-only loan lists of docs/product.md#other-loan-lists, each a paginated GET (data + meta). */
export const LOAN_LIST_PATHS = {
  cleared: apiRoutes.loans.paid,
  dueToday: apiRoutes.loans.dueToday,
  dueTomorrow: apiRoutes.loans.dueTomorrow,
  due2to7: apiRoutes.loans.due2to7,
  defaulted: apiRoutes.loans.defaulted,
} as const;
export type LoanListKind = keyof typeof LOAN_LIST_PATHS;

export const loanListsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET one of the lists with role&officerId&page: one server page of loans. */
    getLoanList: builder.query<LoansPage, { kind: LoanListKind; page: number; filters?: ListQueryArgs }>({
      // The sort and filters follow the scope: an admin's officer filter replaces their own id.
      query: ({ kind, page, filters }) => ({
        url: LOAN_LIST_PATHS[kind],
        params: { ...loanListScope(), page, ...filters },
      }),
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetLoanListQuery } = loanListsApi;
