import {
  loanReportQuerySchema,
  loanReportResponseSchema,
  monthlyActiveLoansResponseSchema,
  monthlyApprovedRepaymentsResponseSchema,
  monthlyLoansQuerySchema,
  monthlyRepaymentsQuerySchema,
} from '@lender/shared/contract/reports';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loanScope, loanServiceRoutes } from '../loans/context';
import { monthlyActiveLoans, monthlyApprovedRepayments } from './monthly';
import { loanReport, useLenderTimeZone } from './report';
import { readByQuerySchema } from '../route-errors';

/**
 * The monthly pages and the loan report. Their paths sit under /loans and /repayments; static
 * paths win over parametric ones in Fastify's router, so /loans/:id does not capture them.
 */
const reportsRoutes = loanServiceRoutes(async (app, ctx) => {
  await useLenderTimeZone(ctx);

  app.get(
    apiRoutes.loans.monthlyActive,
    {
      schema: readByQuerySchema(
        'reports',
        "Loans disbursed in a month of LENDER_TZ (default: this month), oldest first or sorted by a column, 10 a page, with the whole month's count, sum and disbursement target; officers see their own book",
        monthlyLoansQuerySchema,
        monthlyActiveLoansResponseSchema,
      ),
    },
    async (request) => monthlyActiveLoans(ctx, loanScope(request.user, request.query), request.query),
  );

  app.get(
    apiRoutes.repayments.monthlyApproved,
    {
      schema: readByQuerySchema(
        'reports',
        "Repayments approved in a month of LENDER_TZ (default: this month), oldest first or sorted by a column, 10 a page, with the whole month's count, sum and collection target; officers see their own book",
        monthlyRepaymentsQuerySchema,
        monthlyApprovedRepaymentsResponseSchema,
      ),
    },
    async (request) => monthlyApprovedRepayments(ctx, loanScope(request.user, request.query), request.query),
  );

  app.get(
    apiRoutes.loans.reports,
    {
      schema: readByQuerySchema(
        'reports',
        "Loan report for a report period (docs/product.md#constants) in LENDER_TZ: the loans disbursed in it, oldest first, 10 a page, and the whole period's totals, counts by status, PAR1/PAR30 and collection rate",
        loanReportQuerySchema,
        loanReportResponseSchema,
      ),
    },
    async (request) =>
      loanReport(ctx, loanScope(request.user, { officerId: request.query.officerId }), request.query),
  );
});

export default reportsRoutes;
