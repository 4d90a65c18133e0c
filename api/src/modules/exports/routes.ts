import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loanExportQuerySchema } from '@lender/shared/contract/exports';
import { apiRoutes } from '@lender/shared/contract/routes';
import { loansContext, loanScope, type LoansSettings } from '../loans/service';
import { errors } from '../route-errors';
import { exportFileName, loanListCsv } from './service';

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
      const csv = Readable.from(loanListCsv(ctx, list, scope, search, options));
      // A failure after the first bytes cannot become an error answer: the download is cut short
      // (the browser reports it failed) and the log says why.
      csv.on('error', (error) => request.log.error({ err: error, list }, 'CSV export failed'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(list, ctx.today())}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default exportsRoutes;
