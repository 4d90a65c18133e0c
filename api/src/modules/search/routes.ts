import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@lender/shared/contract/routes';
import { searchQuerySchema, searchResultsSchema } from '@lender/shared/contract/search';
import { errors } from '../route-errors';
import { serviceContext } from '../service-context';
import { searchBook } from './service';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContext(app);
  app.get(
    apiRoutes.search,
    {
      schema: {
        tags: ['search'],
        summary:
          'Search the book: customers by name, phone or national ID; loans by IMEI or account number; repayments by M-Pesa code (5 of each, the caller’s book)',
        querystring: searchQuerySchema,
        response: { 200: searchResultsSchema, ...errors(400, 401) },
      },
    },
    async (request) => searchBook(ctx, request.user, request.query.q),
  );
};

export default searchRoutes;
