import type { DataTag } from '@lender/shared/client/data-changed';

/**
 * GET of one record's resource by the record's id as an endpoint's definition, for
 * `builder.query<LoanDetail, number>(byIdQuery(apiRoutes.loans.byId, ['Loan']))`: the path from
 * apiRoutes, and the tags whose change asks for it again.
 */
export const byIdQuery = (path: (id: number) => string, providesTags: DataTag[]) => ({
  query: (id: number) => path(id),
  providesTags,
});
