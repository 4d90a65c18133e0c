import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanReportQuerySchema,
  loanReportResponseSchema,
  monthlyActiveLoansResponseSchema,
  monthlyApprovedRepaymentsResponseSchema,
  monthlyLoansQuerySchema,
  monthlyRepaymentsQuerySchema,
} from '@lender/shared/contract/reports';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansContext, loanScope, type LoansSettings } from '../loans/context';
import { monthlyActiveLoans, monthlyApprovedRepayments } from './monthly';
import { loanReport, useLenderTimeZone } from './report';
import { errors } from '../route-errors';

/** LENDER_TZ and the loan policy, from config.ts (app.ts passes the same to every loans module). */
export type ReportsRoutesOptions = LoansSettings;

/**
 * The monthly pages and the loan report. Their paths sit under /loans and /repayments; static
 * paths win over parametric ones in Fastify's router, so /loans/:id does not capture them.
 */
const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, settings) => {
  const ctx = loansContext(app, settings);
  await useLenderTimeZone(ctx);

  app.get(
    apiRoutes.loans.monthlyActive,
    {
      schema: {
        tags: ['reports'],
        summary:
          "Loans disbursed in a month of LENDER_TZ (default: this month), oldest first or sorted by a column, 10 a page, with the whole month's count, sum and disbursement target; officers see their own book",
        querystring: monthlyLoansQuerySchema,
        response: { 200: monthlyActiveLoansResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => monthlyActiveLoans(ctx, loanScope(request.user, request.query), request.query),
  );

  app.get(
    apiRoutes.repayments.monthlyApproved,
    {
      schema: {
        tags: ['reports'],
        summary:
          "Repayments approved in a month of LENDER_TZ (default: this month), oldest first or sorted by a column, 10 a page, with the whole month's count, sum and collection target; officers see their own book",
        querystring: monthlyRepaymentsQuerySchema,
        response: { 200: monthlyApprovedRepaymentsResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => monthlyApprovedRepayments(ctx, loanScope(request.user, request.query), request.query),
  );

  app.get(
    apiRoutes.loans.reports,
    {
      schema: {
        tags: ['reports'],
        summary:
          "Loan report for a report period (docs/product.md#constants) in LENDER_TZ: the loans disbursed in it, oldest first, 10 a page, and the whole period's totals, counts by status, PAR1/PAR30 and collection rate",
        querystring: loanReportQuerySchema,
        response: { 200: loanReportResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) =>
      loanReport(ctx, loanScope(request.user, { officerId: request.query.officerId }), request.query),
  );
};

export default reportsRoutes;
