import { byIdQuery } from '@lender/shared/client/by-id-query';
import type { LoanDetail, LoanHistoryResponse, UpdateLoanRequest } from '@lender/shared/contract/loans';
import type { NotesResponse } from '@lender/shared/contract/notes';
import type { LoanRepaymentsResponse } from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';

export const loanDetailApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loans/{id}: the loan with its terms and schedule. */
    getLoan: builder.query<LoanDetail, number>(byIdQuery(apiRoutes.loans.byId, ['Loan'])),
    /** GET /api/loans/{id}/history: the loan's audit trail, newest first. */
    getLoanHistory: builder.query<LoanHistoryResponse, number>(
      byIdQuery(apiRoutes.loans.history, ['Loan', 'Repayment', 'Note']),
    ),
    /** GET /api/loans/repayments/{id}: the loan's repayments, oldest first. */
    getLoanRepayments: builder.query<LoanRepaymentsResponse, number>(
      byIdQuery(apiRoutes.loans.repayments, ['Repayment']),
    ),
    /** GET /api/loans/notes/{id}: newest note_date first. */
    getLoanNotes: builder.query<NotesResponse, number>(byIdQuery(apiRoutes.loans.notes, ['Note'])),
    /** PATCH /api/loans/{id}: Edit Loan (admins): the changed fields only. */
    updateLoan: builder.mutation<{ message: string }, { loanId: number } & UpdateLoanRequest>({
      query: ({ loanId, ...body }) => ({ url: apiRoutes.loans.update(loanId), method: 'PATCH', body }),
      invalidatesTags: ['Loan', 'Report'],
    }),
  }),
});

export const {
  useGetLoanQuery,
  useGetLoanHistoryQuery,
  useGetLoanRepaymentsQuery,
  useGetLoanNotesQuery,
  useUpdateLoanMutation,
} = loanDetailApi;
