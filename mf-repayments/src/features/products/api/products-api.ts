import { productListQuery } from '@lender/shared/client/product-list-query';
import type {
  CreateProductRequest,
  CreateProductResponse,
  ProductListResponse,
} from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import { repaymentsApi } from '../../../api/repayments-api';

export const productsApi = repaymentsApi.injectEndpoints({
  endpoints: (builder) => ({
    /** GET /api/loanProducts: every loan product, ordered by name. */
    getLoanProducts: builder.query<ProductListResponse, void>(productListQuery),
    /** POST /api/loanProducts: adds a product (admins only, on the server). */
    createLoanProduct: builder.mutation<CreateProductResponse, CreateProductRequest>({
      query: (body) => ({ url: apiRoutes.products.create, method: 'POST', body }),
      // The loan application form of the loans remote lists the products too.
      invalidatesTags: ['Product'],
    }),
  }),
});

export const { useGetLoanProductsQuery, useCreateLoanProductMutation } = productsApi;
