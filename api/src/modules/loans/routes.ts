import { loanServiceRoutes } from '../module-routes';
import { idParamsSchema } from '@lender/shared/contract/common';
import {
  deviceActionResponseSchema,
  disburseLoanRequestSchema,
  disburseLoanResponseSchema,
  loanDetailSchema,
  loanHistoryResponseSchema,
  loanListQuerySchema,
  loansPageSchema,
  updateLoanRequestSchema,
  updateLoanResponseSchema,
} from '@lender/shared/contract/loans';
import {
  createNoteRequestSchema,
  createNoteResponseSchema,
  notesResponseSchema,
} from '@lender/shared/contract/notes';
import {
  loanPaymentRequestSchema,
  loanPaymentResponseSchema,
  loanRepaymentsResponseSchema,
} from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { listLoansPage, type LoanListKind } from './lists';
import { addLoanNote, getLoanNotes } from './notes';
import {
  disburseLoan,
  getLoanDetail,
  getLoanRepayments,
  lockLoan,
  recordLoanPayment,
  repossessLoan,
  updateLoan,
} from './service';
import { getLoanHistory } from './history';
import { loanScope } from './context';
import { changeByIdSchema, createSchema, errors, readByIdSchema, readByQuerySchema } from '../route-errors';

const LISTS: { kind: LoanListKind; path: string; summary: string }[] = [
  {
    kind: 'active',
    path: apiRoutes.loans.active,
    summary: 'Disbursed loans that are not paid, newest disbursement first; search by customer name',
  },
  { kind: 'paid', path: apiRoutes.loans.paid, summary: 'Paid loans, newest disbursement first' },
  { kind: 'defaulted', path: apiRoutes.loans.defaulted, summary: 'Defaulted loans, oldest due date first' },
  {
    kind: 'pendingDisbursement',
    path: apiRoutes.loans.pendingDisbursement,
    summary: 'Approved loans waiting for disbursement, newest approval first',
  },
  {
    kind: 'dueToday',
    path: apiRoutes.loans.dueToday,
    summary: 'Open loans whose due date is today (LENDER_TZ)',
  },
  { kind: 'dueTomorrow', path: apiRoutes.loans.dueTomorrow, summary: 'Open loans due tomorrow' },
  { kind: 'due2to7', path: apiRoutes.loans.due2to7, summary: 'Open loans due in 2 to 7 days' },
];

/** The phone's actions: a PUT on the loan each, behind its own permission, answering the device's new state. */
const DEVICE_ACTIONS = [
  {
    path: apiRoutes.loans.lock,
    permission: 'loans.lock',
    summary: 'Lock the phone of a loan waiting for lock (not while a repayment awaits approval)',
    act: lockLoan,
  },
  {
    path: apiRoutes.loans.repossess,
    permission: 'loans.repossess',
    summary: 'Repossess the phone of a disbursed loan that is not paid',
    act: repossessLoan,
  },
] as const;

const loansRoutes = loanServiceRoutes((app, ctx) => {
  for (const list of LISTS) {
    app.get(
      list.path,
      {
        schema: readByQuerySchema(
          'loans',
          `${list.summary}. 10 a page; officers see their own book`,
          loanListQuerySchema,
          loansPageSchema,
        ),
      },
      async (request) => {
        // The scope's parameters choose whose book, not which loans of it (see listLoansPage).
        const { officerId, userId, role: _role, ...query } = request.query;
        return listLoansPage(ctx, list.kind, loanScope(request.user, { officerId, userId }), query);
      },
    );
  }

  app.put(
    apiRoutes.loans.disburse(':id'),
    {
      onRequest: app.requirePermission('loans.disburse'),
      schema: changeByIdSchema(
        'loans',
        'Disburse an approved loan with the M-Pesa code of the payout: creates its schedule',
        disburseLoanResponseSchema,
        { body: disburseLoanRequestSchema },
      ),
    },
    async (request) => {
      await disburseLoan(ctx, request.user, request.params.id, request.body.mpesaCode);
      return { message: 'Loan disbursed successfully' };
    },
  );

  app.post(
    apiRoutes.loans.payment,
    {
      schema: createSchema(
        'loans',
        'Record a repayment (pending until approved): 0 < amount ≤ remaining balance, unused M-Pesa code',
        loanPaymentRequestSchema,
        loanPaymentResponseSchema,
        [400, 401, 404, 409],
      ),
    },
    async (request, reply) => {
      const { id } = await recordLoanPayment(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'Repayment saved successfully!', id });
    },
  );

  app.get(
    apiRoutes.loans.repayments(':id'),
    {
      schema: readByIdSchema('loans', "A loan's repayments, oldest first", loanRepaymentsResponseSchema),
    },
    async (request) => getLoanRepayments(ctx, request.user, request.params.id),
  );

  app.get(
    apiRoutes.loans.notes(':id'),
    {
      schema: readByIdSchema('loans', "A loan's notes, newest note date first", notesResponseSchema),
    },
    async (request) => getLoanNotes(ctx, request.user, request.params.id),
  );

  app.post(
    apiRoutes.loans.notes(':id'),
    {
      schema: {
        tags: ['loans'],
        summary:
          "Add a note to a loan: a call, a visit, a promise to pay (date and amount; it becomes the loan's latest promise) or other",
        params: idParamsSchema,
        body: createNoteRequestSchema,
        response: { 201: createNoteResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const note = await addLoanNote(ctx, request.user, request.params.id, request.body);
      return reply.code(201).send({ message: 'Note added successfully', note });
    },
  );

  for (const action of DEVICE_ACTIONS) {
    app.put(
      action.path(':id'),
      {
        onRequest: app.requirePermission(action.permission),
        schema: changeByIdSchema('loans', action.summary, deviceActionResponseSchema),
      },
      async (request) => action.act(ctx, request.user, request.params.id),
    );
  }

  app.get(
    apiRoutes.loans.history(':id'),
    {
      schema: readByIdSchema(
        'loans',
        "A loan's audit trail, newest first, with the actors' names",
        loanHistoryResponseSchema,
      ),
    },
    async (request) => getLoanHistory(ctx, request.user, request.params.id),
  );

  app.get(
    apiRoutes.loans.byId(':id'),
    {
      schema: readByIdSchema(
        'loans',
        "A loan with its customer, terms, schedule and figures as of today (outside the caller's scope: 404)",
        loanDetailSchema,
      ),
    },
    async (request) => getLoanDetail(ctx, request.user, request.params.id),
  );

  app.patch(
    apiRoutes.loans.update(':id'),
    {
      onRequest: app.requirePermission('loans.edit'),
      schema: changeByIdSchema(
        'loans',
        'Edit Loan: the phone model, the IMEI (only before any repayment) or the purpose (audited; closed loans: 409)',
        updateLoanResponseSchema,
        { body: updateLoanRequestSchema },
      ),
    },
    async (request) => updateLoan(ctx, request.user, request.params.id, request.body),
  );
});

export default loansRoutes;
