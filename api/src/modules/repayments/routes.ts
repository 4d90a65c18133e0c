import {
  approveRepaymentRequestSchema,
  approveRepaymentResponseSchema,
  rejectRepaymentRequestSchema,
  rejectRepaymentResponseSchema,
  repaymentListQuerySchemaOf,
  repaymentsPageSchema,
} from '@lender/shared/contract/repayments';
import {
  approveRepaymentsBatchRequestSchema,
  batchDecisionResponseSchema,
  rejectRepaymentsBatchRequestSchema,
} from '@lender/shared/contract/batch-decisions';
import { REPAYMENT_LIST_NAMES, repaymentList } from '@lender/shared/contract/repayment-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loanScope, loanServiceRoutes } from '../loans/context';
import { approveRepayment, listRepaymentsPage, rejectRepayment } from './service';
import { listRoutes } from '../list-routes';
import { batchSchema, changeByIdSchema } from '../route-errors';
import { BATCH_NOTE, decideEach } from '../batch-decisions';

const APPROVED = 'Repayment approved successfully!';
const REJECTED = 'Repayment rejected';

const repaymentsRoutes = loanServiceRoutes((app, ctx) => {
  // Every repayment list of shared/src/contract/repayment-lists.ts, from its definition.
  listRoutes(
    app,
    {
      tag: 'repayments',
      names: REPAYMENT_LIST_NAMES,
      list: repaymentList,
      note: ". 10 a page; search by customer name or M-Pesa code; sort by payment date, amount, M-Pesa code or recorded time; from/to narrow to payment days, productId to one product's loans; officers see the repayments of their book",
      query: repaymentListQuerySchemaOf,
      page: () => repaymentsPageSchema,
    },
    (name, request) => listRepaymentsPage(ctx, name, loanScope(request.user, request.query), request.query),
  );

  app.put(
    apiRoutes.repayments.approve(':id'),
    {
      onRequest: app.requirePermission('repayments.approve'),
      schema: changeByIdSchema(
        'repayments',
        'Approve a pending repayment (once; the amount must still fit the balance); updates the loan and its device status',
        approveRepaymentResponseSchema,
        { body: approveRepaymentRequestSchema },
      ),
    },
    async (request) => {
      await approveRepayment(ctx, request.user, request.params.id);
      return { message: APPROVED };
    },
  );

  app.post(
    apiRoutes.repayments.approveBatch,
    {
      onRequest: app.requirePermission('repayments.approve'),
      schema: batchSchema(
        'repayments',
        `Approve several pending repayments (issue 34), each as PUT /repayments/{id} does. ${BATCH_NOTE}`,
        approveRepaymentsBatchRequestSchema,
        batchDecisionResponseSchema,
      ),
    },
    async (request) => ({
      results: await decideEach(
        request.body.ids,
        (id) => id,
        async (id) => {
          await approveRepayment(ctx, request.user, id);
          return APPROVED;
        },
        request.log,
      ),
    }),
  );

  app.put(
    apiRoutes.repayments.reject(':id'),
    {
      onRequest: app.requirePermission('repayments.reject'),
      schema: changeByIdSchema(
        'repayments',
        'Reject a pending repayment (once), with a reason; it never counts as paid and its M-Pesa code may be recorded again',
        rejectRepaymentResponseSchema,
        { body: rejectRepaymentRequestSchema },
      ),
    },
    async (request) => {
      await rejectRepayment(ctx, request.user, request.params.id, request.body.reason);
      return { message: REJECTED };
    },
  );

  app.post(
    apiRoutes.repayments.rejectBatch,
    {
      onRequest: app.requirePermission('repayments.reject'),
      schema: batchSchema(
        'repayments',
        `Reject several pending repayments for one reason, each as PUT /repayments/reject/{id} does. ${BATCH_NOTE}`,
        rejectRepaymentsBatchRequestSchema,
        batchDecisionResponseSchema,
      ),
    },
    async (request) => ({
      results: await decideEach(
        request.body.ids,
        (id) => id,
        async (id) => {
          await rejectRepayment(ctx, request.user, id, request.body.reason);
          return REJECTED;
        },
        request.log,
      ),
    }),
  );
});

export default repaymentsRoutes;
