import type { DeviceActionResponse } from '@lender/shared/contract/loans';
import type { LoanPaymentRequest, LoanPaymentResponse } from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { CreateNoteInput, CreateNoteResponse } from '@lender/shared/contract/notes';
import { loansApi } from './loans-api';

/**
 * The actions staff take on a loan from any of its lists and from its page: repay, note (and promise
 * to pay), lock and repossess. One place, so the lists and the loan page run the same calls.
 */
export const loanActionsApi = loansApi.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * POST /api/loans/loan-payment: records a pending repayment. Repayment lists, loans and the
     * dashboard of every remote refresh (invalidatesTags reaches every slice).
     */
    recordRepayment: builder.mutation<LoanPaymentResponse, LoanPaymentRequest>({
      query: (body) => ({ url: apiRoutes.loans.payment, method: 'POST', body }),
      invalidatesTags: ['Repayment', 'Loan', 'Dashboard'],
    }),
    /**
     * PUT /api/loans/lock/{id}, empty body (admins; only a phone waiting for a lock). It queues a
     * lock command for the device-lock provider: the loan page's commands refetch.
     */
    lockPhone: builder.mutation<DeviceActionResponse, number>({
      query: (id) => ({ url: apiRoutes.loans.lock(id), method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Loan', 'Dashboard', { type: 'DeviceCommand', id }],
    }),
    /** PUT /api/loans/repossess/{id}, empty body (admins; refused for a paid loan); queues a lock command too. */
    repossessPhone: builder.mutation<DeviceActionResponse, number>({
      query: (id) => ({ url: apiRoutes.loans.repossess(id), method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => [
        'Loan',
        'Dashboard',
        'Report',
        { type: 'DeviceCommand', id },
      ],
    }),
    /** POST /api/loans/notes/{id} {type, note, note_date[, promise_date, promise_amount]}. */
    addLoanNote: builder.mutation<CreateNoteResponse, { loanId: number } & CreateNoteInput>({
      query: ({ loanId, ...body }) => ({ url: apiRoutes.loans.notes(loanId), method: 'POST', body }),
      // A promise to pay becomes the loan's latest promise, which the loan lists show.
      invalidatesTags: ['Note', 'Loan'],
    }),
  }),
});

export const {
  useRecordRepaymentMutation,
  useLockPhoneMutation,
  useRepossessPhoneMutation,
  useAddLoanNoteMutation,
} = loanActionsApi;
