import { idParamsSchema } from '@lender/shared/contract/common';
import {
  deviceActionResponseSchema,
  disburseLoanRequestSchema,
  disburseLoanResponseSchema,
  loanDetailSchema,
  loanHistoryResponseSchema,
  loanListQuerySchemaOf,
  loansPageSchema,
  updateLoanRequestSchema,
  updateLoanResponseSchema,
} from '@lender/shared/contract/loans';
import {
  batchDecisionResponseSchema,
  disburseLoansBatchRequestSchema,
} from '@lender/shared/contract/batch-decisions';
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
import { LOAN_LIST_NAMES, loanList } from '@lender/shared/contract/loan-lists';
import { listLoansPage } from './lists';
import { listRoutes } from '../list-routes';
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
import { loanScope, loanServiceRoutes } from './context';
import { batchSchema, changeByIdSchema, createSchema, errors, readByIdSchema } from '../route-errors';
import { BATCH_NOTE, decideEach } from '../batch-decisions';

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
  // Every loan list of shared/src/contract/loan-lists.ts, alike.
  listRoutes(
    app,
    {
      tag: 'loans',
      names: LOAN_LIST_NAMES,
      list: loanList,
      note: '. 10 a page; officers see their own book',
      query: loanListQuerySchemaOf,
      page: () => loansPageSchema,
    },
    (name, request) => {
      // The scope's parameters choose whose book, not which loans of it (see listLoansPage).
      const { officerId, userId, role: _role, ...query } = request.query;
      return listLoansPage(ctx, name, loanScope(request.user, { officerId, userId }), query);
    },
  );

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
    apiRoutes.loans.disburseBatch,
    {
      onRequest: app.requirePermission('loans.disburse'),
      schema: batchSchema(
        'loans',
        `Disburse several approved loans (issue 34), each with the M-Pesa code of its own payout, as PUT /loans/disburse/{id} does; no two loans may share a code. ${BATCH_NOTE}`,
        disburseLoansBatchRequestSchema,
        batchDecisionResponseSchema,
      ),
    },
    async (request) => ({
      results: await decideEach(
        request.body.items,
        (item) => item.id,
        async (item) => {
          await disburseLoan(ctx, request.user, item.id, item.mpesaCode);
          return 'Loan disbursed successfully';
        },
        request.log,
      ),
    }),
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
