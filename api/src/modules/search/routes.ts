import { apiRoutes } from '@lender/shared/contract/routes';
import { searchQuerySchema, searchResultsSchema } from '@lender/shared/contract/search';
import { readByQuerySchema } from '../route-errors';
import { serviceRoutes } from '../module-routes';
import { searchBook } from './service';

const searchRoutes = serviceRoutes((app, ctx) => {
  app.get(
    apiRoutes.search,
    {
      schema: readByQuerySchema(
        'search',
        'Search the book: customers by name, phone or national ID; loans by IMEI or account number; repayments by M-Pesa code (5 of each, the caller’s book)',
        searchQuerySchema,
        searchResultsSchema,
      ),
    },
    async (request) => searchBook(ctx, request.user, request.query.q),
  );
});

export default searchRoutes;
