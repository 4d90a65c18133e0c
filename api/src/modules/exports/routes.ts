import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  userExportQuerySchema,
  applicationExportQuerySchema,
  customerExportQuerySchema,
  loanExportQuerySchema,
  loanReportExportQuerySchema,
  monthlyExportQuerySchema,
  monthlyRepaymentExportQuerySchema,
  repaymentExportQuerySchema,
  suspenseExportQuerySchema,
} from '@lender/shared/contract/exports';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { Caller } from '../../plugins/auth';
import { loansContext, loanScope, type LoansSettings } from '../loans/context';
import { errors } from '../route-errors';
import {
  productsCsv,
  usersCsv,
  usersFileName,
  applicationListCsv,
  applicationsFileName,
  customerListCsv,
  customersFileName,
  exportFileName,
  loanListCsv,
  loanReportCsv,
  monthlyFileName,
  monthlyLoansCsv,
  monthlyRepaymentsCsv,
  repaymentListCsv,
  repaymentsFileName,
  suspenseCsv,
  suspenseFileName,
} from './service';

const exportsRoutes: FastifyPluginAsyncZod<LoansSettings> = async (app, settings) => {
  const ctx = loansContext(app, settings);
  const csvRoute = csvRouteOf(app);

  csvRoute({
    url: apiRoutes.exports.loans,
    summary:
      'A loan list as CSV, every page (the list, search, sort, filters and scope as on screen; officers their own book), streamed',
    querystring: loanExportQuerySchema,
    lines: ({ list, search, officerId, ...options }, caller) =>
      loanListCsv(
        ctx,
        list,
        loanScope(caller, officerId === undefined ? {} : { officerId }),
        search,
        options,
      ),
    fileName: ({ list }) => exportFileName(list, ctx.today()),
  });

  csvRoute({
    url: apiRoutes.exports.monthlyLoans,
    summary:
      'The monthly disbursement page as CSV: every loan disbursed in the month (default: this month), oldest first; officers their own book; streamed',
    querystring: monthlyExportQuerySchema,
    lines: (query, caller) => monthlyLoansCsv(ctx, loanScope(caller, { officerId: query.officerId }), query),
    fileName: (query) => monthlyFileName('loans', ctx.today(), query),
  });

  csvRoute({
    url: apiRoutes.exports.loanReport,
    summary:
      "The loan report's loans as CSV: every loan disbursed in the period, oldest first; officers their own book; streamed",
    querystring: loanReportExportQuerySchema,
    lines: (query, caller) => loanReportCsv(ctx, loanScope(caller, { officerId: query.officerId }), query),
    fileName: ({ period }) => `loan-report-${period}-${ctx.today()}.csv`,
  });

  csvRoute({
    url: apiRoutes.exports.customers,
    summary:
      'The customers list as CSV, every page (search, sort, officer and registration dates as on screen; officers their own book), streamed',
    querystring: customerExportQuerySchema,
    lines: ({ search, officerId, userId, sort, order, from, to }, caller) =>
      customerListCsv(ctx, caller, { search, officerId, userId, sort, order, from, to }),
    fileName: () => customersFileName(ctx.today()),
  });

  csvRoute({
    url: apiRoutes.exports.repayments,
    summary:
      'A repayment list (pending or approved) as CSV, every page (search, sort, officer and payment dates as on screen; officers their own book), streamed',
    querystring: repaymentExportQuerySchema,
    lines: ({ list, search, officerId, userId, productId, sort, order, from, to }, caller) =>
      repaymentListCsv(ctx, list, loanScope(caller, { officerId, userId }), {
        search,
        productId,
        sort,
        order,
        from,
        to,
      }),
    fileName: ({ list }) => repaymentsFileName(list, ctx.today()),
  });

  csvRoute({
    url: apiRoutes.exports.monthlyRepayments,
    summary:
      'The monthly collection page as CSV: every repayment approved in the month (default: this month), oldest approval first or sorted as on screen; officers their own book; streamed',
    querystring: monthlyRepaymentExportQuerySchema,
    lines: ({ officerId, userId, ...query }, caller) =>
      monthlyRepaymentsCsv(ctx, loanScope(caller, { officerId, userId }), query),
    fileName: (query) => monthlyFileName('repayments', ctx.today(), query),
  });

  csvRoute({
    url: apiRoutes.exports.applications,
    summary:
      "An application list (pending or rejected) as CSV, every page (product, officer, the list's dates and sort as on screen; officers their own customers'), streamed",
    querystring: applicationExportQuerySchema,
    lines: (query, caller) => applicationListCsv(ctx, caller, query),
    fileName: ({ list }) => applicationsFileName(list, ctx.today()),
  });

  csvRoute({
    url: apiRoutes.exports.users,
    summary: 'The staff list as CSV (role and sort as on screen), every row; admins only',
    querystring: userExportQuerySchema,
    // The list's own permission: who may not see the staff list may not export it.
    onRequest: app.requirePermission('users.list'),
    lines: (query) => usersCsv(ctx, query),
    fileName: (query) => usersFileName(query, ctx.today()),
  });

  csvRoute({
    url: apiRoutes.exports.products,
    summary: 'Every loan product as CSV, by name (all staff, as the list)',
    querystring: z.object({}),
    lines: () => productsCsv(ctx),
    fileName: () => `loan-products-${ctx.today()}.csv`,
  });

  csvRoute({
    url: apiRoutes.exports.suspense,
    summary:
      'The M-Pesa suspense list as CSV (status, search, payment dates and sort as on screen), every page; admins only; streamed',
    querystring: suspenseExportQuerySchema,
    // The list's own permission: who may not see the suspense queue may not export it.
    onRequest: app.requirePermission('mpesa.suspense'),
    lines: (query) => suspenseCsv(ctx, query),
    fileName: ({ status }) => suspenseFileName(status, ctx.today()),
  });
};

/** A streamed CSV export: its path, its query, what it holds, its lines and its file's name. */
interface CsvRoute<Query extends z.ZodType> {
  url: string;
  summary: string;
  querystring: Query;
  /** Who may export, when not every signed-in user may (the list's own permission). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The CSV's lines; a bad request throws here, before the first byte, so that it is a 400. */
  lines: (query: z.output<Query>, caller: Caller) => AsyncGenerator<string>;
  fileName: (query: z.output<Query>) => string;
}

/** Registers CSV export routes on `app`, each a GET answering a streamed download. */
const csvRouteOf =
  (app: Parameters<FastifyPluginAsyncZod>[0]) =>
  <Query extends z.ZodType>(route: CsvRoute<Query>) =>
    app.get(
      route.url,
      {
        ...(route.onRequest ? { onRequest: route.onRequest } : {}),
        schema: {
          tags: ['exports'],
          summary: route.summary,
          querystring: route.querystring,
          response: {
            200: z.unknown().describe('The CSV (text/csv), streamed'),
            ...errors(400, 401, ...(route.onRequest ? ([403] as const) : [])),
          },
        },
      },
      async (request, reply) => {
        const query = request.query as z.output<Query>;
        return sendCsv(request, reply, route.lines(query, request.user), route.fileName(query));
      },
    );

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
