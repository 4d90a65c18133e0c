import { byIdQuery } from '@lender/shared/client/by-id-query';
import type {
  DeviceActionResponse,
  LoanDetail,
  LoanHistoryResponse,
  UpdateLoanRequest,
} from '@lender/shared/contract/loans';
import type { CreateNoteInput, CreateNoteResponse, NotesResponse } from '@lender/shared/contract/notes';
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
    /** POST /api/loans/notes/{id} {type, note, note_date[, promise_date, promise_amount]}. */
    addLoanNote: builder.mutation<CreateNoteResponse, { loanId: number } & CreateNoteInput>({
      query: ({ loanId, ...body }) => ({ url: apiRoutes.loans.notes(loanId), method: 'POST', body }),
      // A promise to pay becomes the loan's latest promise, which the loan lists show.
      invalidatesTags: ['Note', 'Loan'],
    }),
    /** PATCH /api/loans/{id}: Edit Loan (admins): the changed fields only. */
    updateLoan: builder.mutation<{ message: string }, { loanId: number } & UpdateLoanRequest>({
      query: ({ loanId, ...body }) => ({ url: apiRoutes.loans.update(loanId), method: 'PATCH', body }),
      invalidatesTags: ['Loan', 'Report'],
    }),
    /** PUT /api/loans/repossess/{id}, empty body (admins; refused for a paid loan). */
    repossessPhone: builder.mutation<DeviceActionResponse, number>({
      query: (id) => ({ url: apiRoutes.loans.repossess(id), method: 'PUT' }),
      invalidatesTags: ['Loan', 'Dashboard', 'Report'],
    }),
  }),
});

export const {
  useGetLoanQuery,
  useGetLoanHistoryQuery,
  useGetLoanRepaymentsQuery,
  useGetLoanNotesQuery,
  useAddLoanNoteMutation,
  useRepossessPhoneMutation,
  useUpdateLoanMutation,
} = loanDetailApi;
