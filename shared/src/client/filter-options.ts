import type { TypedUseQuery } from '@reduxjs/toolkit/query/react';
import type { baseQuery } from '@lender/shared/client/base-query';
import type { RemoteApi } from '@lender/shared/client/create-remote-api';
import { productListQuery } from '@lender/shared/client/product-list-query';
import type { ProductListResponse } from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import type { OfficerOptionsResponse } from '@lender/shared/contract/users';

/** The hooks of the lists' filter choices. */
export interface FilterOptionHooks {
  useGetFilterProductsQuery: TypedUseQuery<ProductListResponse, void, typeof baseQuery>;
  useGetFilterOfficersQuery: TypedUseQuery<OfficerOptionsResponse, void, typeof baseQuery>;
}

/**
 * The choices of the lists' filters (issue 14), defined once for every remote that lists: adds
 * the endpoints to the remote's own slice (each remote caches in its own slice) and returns the
 * hooks.
 */
export function injectFilterOptions<OwnTag extends string = never>(
  // The slice as createRemoteApi made it (with its own tag names, if any): with endpoints of
  // unknown names its hooks cannot be typed.
  api: RemoteApi<Record<never, never>, OwnTag>,
): FilterOptionHooks {
  const withOptions = api.injectEndpoints({
    endpoints: (builder) => ({
      /** GET /api/loanProducts: every product, for the Product filter. */
      getFilterProducts: builder.query<ProductListResponse, void>(productListQuery),
      /** GET /api/users/officers (admins only): every officer by name, for the Officer filter. */
      getFilterOfficers: builder.query<OfficerOptionsResponse, void>({
        query: () => apiRoutes.users.officers,
        providesTags: ['User'],
      }),
    }),
  });
  return {
    useGetFilterProductsQuery: withOptions.useGetFilterProductsQuery,
    useGetFilterOfficersQuery: withOptions.useGetFilterOfficersQuery,
  };
}
