import {
  approveRepaymentRequestSchema,
  approveRepaymentResponseSchema,
  repaymentListQuerySchema,
  repaymentsPageSchema,
} from '@lender/shared/contract/repayments';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loanScope, loanServiceRoutes } from '../loans/context';
import type { RepaymentListKind } from './service';
import { approveRepayment, listRepaymentsPage } from './service';
import { changeByIdSchema, readByQuerySchema } from '../route-errors';

const LISTS: { kind: RepaymentListKind; path: string; summary: string }[] = [
  {
    kind: 'pending',
    path: apiRoutes.repayments.pending,
    summary: 'Repayments awaiting approval, newest recorded first',
  },
  {
    kind: 'approved',
    path: apiRoutes.repayments.approved,
    summary: 'Approved repayments, most recently approved first',
  },
  {
    kind: 'all',
    path: apiRoutes.repayments.list,
    summary: 'Repayments of every status (status narrows), newest recorded first',
  },
];

const repaymentsRoutes = loanServiceRoutes((app, ctx) => {
  for (const list of LISTS) {
    app.get(
      list.path,
      {
        schema: readByQuerySchema(
          'repayments',
          `${list.summary}. 10 a page; search by customer name or M-Pesa code; sort by payment date, amount, M-Pesa code or recorded time; from/to narrow to payment days, productId to one product's loans; officers see the repayments of their book`,
          repaymentListQuerySchema,
          repaymentsPageSchema,
        ),
      },
      async (request) =>
        listRepaymentsPage(ctx, list.kind, loanScope(request.user, request.query), {
          ...request.query,
          // Only the list of every status narrows by status.
          status: list.kind === 'all' ? request.query.status : undefined,
        }),
    );
  }

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
      return { message: 'Repayment approved successfully!' };
    },
  );
});

export default repaymentsRoutes;
