import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from '@lender/shared/client/base-query';
import { DATA_TAGS } from '@lender/shared/client/data-changed';

/**
 * The repayments remote's one api slice, with no endpoints of its own: every feature adds its
 * endpoints from its own folder with `repaymentsApi.injectEndpoints(...)`.
 */
export const repaymentsApi = createApi({
  reducerPath: 'repaymentsApi',
  baseQuery,
  // Every shared tag name, so a `dataChanged` from any remote can invalidate what this one cached.
  tagTypes: DATA_TAGS,
  endpoints: () => ({}),
});
