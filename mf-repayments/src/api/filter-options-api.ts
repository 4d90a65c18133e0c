import { injectFilterOptions } from '@lender/shared/client/filter-options';
import { repaymentsApi } from './repayments-api';

/** The choices of the lists' filters: the products, and for admins the officers. */
export const { useGetFilterProductsQuery, useGetFilterOfficersQuery } = injectFilterOptions(repaymentsApi);
