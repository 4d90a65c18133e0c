import { apiRoutes } from '../contract/routes';

/**
 * GET /api/loanProducts (every loan product, by name) as an endpoint's definition, for
 * `builder.query<ProductListResponse, void>(productListQuery)`: the products page, the lists'
 * Product filter and the application's Product select each ask for it in their own remote.
 */
export const productListQuery = {
  query: () => ({ url: apiRoutes.products.list }),
  providesTags: ['Product' as const],
};
