import { byIdQuery } from '@lender/shared/client/by-id-query';
import type { MessageResponse } from '@lender/shared/contract/common';
import type { DeviceCommandPage } from '@lender/shared/contract/device-lock';
import type { LoanDetail, LoanHistoryResponse, UpdateLoanRequest } from '@lender/shared/contract/loans';
import type { CustomerMessagePage, SendMessageRequest } from '@lender/shared/contract/messages';
import type { NotesResponse } from '@lender/shared/contract/notes';
import type { LoanRepaymentsResponse } from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansApi } from '../../../api/loans-api';

/** One server page of a loan's records. */
interface LoanPageArgs {
  loanId: number;
  /** From 1. */
  page: number;
}

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
    /**
     * GET /api/loans/{id}/messages?page: the SMS sent to the customer about this loan, newest
     * first. A repayment (its receipt) or a promise to pay (its confirmation) queues one.
     */
    getLoanMessages: builder.query<CustomerMessagePage, LoanPageArgs>({
      query: ({ loanId, page }) => ({ url: apiRoutes.messages.loan(loanId), params: { page } }),
      providesTags: (_result, _error, { loanId }) => [{ type: 'Message', id: loanId }, 'Repayment', 'Note'],
    }),
    /**
     * GET /api/loans/{id}/device-commands?page: what the device-lock provider was asked about the
     * phone, newest first. A lock, a repossession or a repayment clearing the arrears queues one.
     */
    getLoanDeviceCommands: builder.query<DeviceCommandPage, LoanPageArgs>({
      query: ({ loanId, page }) => ({ url: apiRoutes.deviceLock.loanCommands(loanId), params: { page } }),
      providesTags: (_result, _error, { loanId }) => [{ type: 'DeviceCommand', id: loanId }, 'Loan'],
    }),
    /**
     * POST /api/loans/{id}/messages: a template's text for this loan ({kind}) or the officer's own
     * ({text}, sent as a one-off message). Answers 'Message queued'.
     */
    sendLoanMessage: builder.mutation<
      MessageResponse & { id: number },
      { loanId: number } & SendMessageRequest
    >({
      query: ({ loanId, ...body }) => ({ url: apiRoutes.messages.loan(loanId), method: 'POST', body }),
      invalidatesTags: (_result, _error, { loanId }) => [{ type: 'Message', id: loanId }],
    }),
    /** DELETE /api/loans/{id}/device-alert (admins): an admin has dealt with the phone's unexpected state. */
    dismissDeviceAlert: builder.mutation<MessageResponse, number>({
      query: (loanId) => ({ url: apiRoutes.deviceLock.alert(loanId), method: 'DELETE' }),
      invalidatesTags: ['Loan', 'Dashboard'],
    }),
  }),
});

export const {
  useGetLoanQuery,
  useGetLoanHistoryQuery,
  useGetLoanRepaymentsQuery,
  useGetLoanNotesQuery,
  useUpdateLoanMutation,
  useGetLoanMessagesQuery,
  useGetLoanDeviceCommandsQuery,
  useSendLoanMessageMutation,
  useDismissDeviceAlertMutation,
} = loanDetailApi;
