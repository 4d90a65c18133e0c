import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerExportQuerySchema,
  loanExportQuerySchema,
  loanReportExportQuerySchema,
  monthlyExportQuerySchema,
  repaymentExportQuerySchema,
} from '@lender/shared/contract/exports';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansContext, loanScope, type LoansSettings } from '../loans/service';
import { errors } from '../route-errors';
import {
  customerListCsv,
  customersFileName,
  exportFileName,
  loanListCsv,
  loanReportCsv,
  monthlyFileName,
  monthlyLoansCsv,
  repaymentListCsv,
  repaymentsFileName,
} from './service';

const exportsRoutes: FastifyPluginAsyncZod<LoansSettings> = async (app, settings) => {
  const ctx = loansContext(app, settings);
  app.get(
    apiRoutes.exports.loans,
    {
      schema: {
        tags: ['exports'],
        summary:
          'A loan list as CSV, every page (the list, search, sort, filters and scope as on screen; officers their own book), streamed',
        querystring: loanExportQuerySchema,
        response: { 200: z.unknown().describe('The CSV (text/csv), streamed'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { list, search, officerId, ...options } = request.query;
      const scope = loanScope(request.user, officerId === undefined ? {} : { officerId });
      return sendCsv(
        request,
        reply,
        loanListCsv(ctx, list, scope, search, options),
        exportFileName(list, ctx.today()),
      );
    },
  );

  app.get(
    apiRoutes.exports.monthlyLoans,
    {
      schema: {
        tags: ['exports'],
        summary:
          'The monthly disbursement page as CSV: every loan disbursed in the month (default: this month), oldest first; officers their own book; streamed',
        querystring: monthlyExportQuerySchema,
        response: { 200: z.unknown().describe('The CSV (text/csv), streamed'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const scope = loanScope(request.user, { officerId: request.query.officerId });
      return sendCsv(
        request,
        reply,
        monthlyLoansCsv(ctx, scope, request.query),
        monthlyFileName('loans', ctx.today(), request.query),
      );
    },
  );

  app.get(
    apiRoutes.exports.loanReport,
    {
      schema: {
        tags: ['exports'],
        summary:
          "The loan report's loans as CSV: every loan disbursed in the period, oldest first; officers their own book; streamed",
        querystring: loanReportExportQuerySchema,
        response: { 200: z.unknown().describe('The CSV (text/csv), streamed'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const scope = loanScope(request.user, { officerId: request.query.officerId });
      return sendCsv(
        request,
        reply,
        loanReportCsv(ctx, scope, request.query),
        `loan-report-${request.query.period}-${ctx.today()}.csv`,
      );
    },
  );

  app.get(
    apiRoutes.exports.customers,
    {
      schema: {
        tags: ['exports'],
        summary:
          'The customers list as CSV, every page (search, sort, officer and registration dates as on screen; officers their own book), streamed',
        querystring: customerExportQuerySchema,
        response: { 200: z.unknown().describe('The CSV (text/csv), streamed'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { search, officerId, userId, sort, order, from, to } = request.query;
      const lines = customerListCsv(ctx, request.user, { search, officerId, userId, sort, order, from, to });
      return sendCsv(request, reply, lines, customersFileName(ctx.today()));
    },
  );

  app.get(
    apiRoutes.exports.repayments,
    {
      schema: {
        tags: ['exports'],
        summary:
          'A repayment list (pending or approved) as CSV, every page (search, sort, officer and payment dates as on screen; officers their own book), streamed',
        querystring: repaymentExportQuerySchema,
        response: { 200: z.unknown().describe('The CSV (text/csv), streamed'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { list, search, officerId, userId, productId, sort, order, from, to } = request.query;
      const scope = loanScope(request.user, { officerId, userId });
      const lines = repaymentListCsv(ctx, list, scope, { search, productId, sort, order, from, to });
      return sendCsv(request, reply, lines, repaymentsFileName(list, ctx.today()));
    },
  );
};

/** Streams CSV lines as a download. */
function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  lines: AsyncGenerator<string>,
  fileName: string,
) {
  const csv = Readable.from(lines);
  // A failure after the first bytes cannot become an error answer: the download is cut short
  // (the browser reports it failed) and the log says why.
  csv.on('error', (error) => request.log.error({ err: error, fileName }, 'CSV export failed'));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

export default exportsRoutes;
