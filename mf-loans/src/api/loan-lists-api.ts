import type { LOAN_LIST_FILTERS, LoansPage } from '@lender/shared/contract/loans';
import { loanList, type LoanListName } from '@lender/shared/contract/loan-lists';
import { loansApi } from './loans-api';
import { callerScope } from '@lender/shared/client/caller-scope';

/**
 * A loan list's sort and filters as its query sends them (useListUrlState().queryArgs): the
 * contract's parameter names, as the URL holds them (the server parses and checks the values).
 */
export type ListQueryArgs = Partial<Record<(typeof LOAN_LIST_FILTERS)[number] | 'sort' | 'order', string>>;

/** One page of a loan list (shared/src/contract/loan-lists.ts), as its page asks for it. */
export interface LoanListArgs {
  list: LoanListName;
  /** Server page, from 1. */
  page: number;
  /** Customer name or account number; blank for every loan. */
  search?: string;
  /** The sort and filters. */
  filters?: ListQueryArgs;
}

export const loanListsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET any loan list with role&officerId&page: one server page of loans. */
    getLoanList: builder.query<LoansPage, LoanListArgs>({
      // The sort and filters follow the scope: an admin's officer filter replaces their own id.
      query: ({ list, page, search, filters }) => ({
        url: loanList(list).api,
        params: { ...callerScope(), page, search: search?.trim() || undefined, ...filters },
      }),
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetLoanListQuery } = loanListsApi;
