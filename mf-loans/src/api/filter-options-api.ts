import { injectFilterOptions } from '@lender/shared/client/filter-options';
import { loansApi } from './loans-api';

/** The choices of the lists' filters: the products, and for admins the officers. */
export const { useGetFilterProductsQuery, useGetFilterOfficersQuery } = injectFilterOptions(loansApi);
