import { applicationList, type ApplicationListName } from '@lender/shared/contract/application-lists';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useListQuery } from '@lender/shared/ui/use-list-query';
import { loanListArgs, useListFilters } from '../../../components/list-filters';
import { useGetApplicationListQuery } from '../api/applications-api';

/**
 * An application list's page state and its answer (shared/src/contract/application-lists.ts): the
 * product, the officer (admins) and the list's date as its filters, asked from its endpoint.
 */
export function useApplicationList<Name extends ApplicationListName>(list: Name) {
  const filters = useListFilters({ dateLabel: applicationList(list).filters.date });
  return useListQuery(
    filters,
    (state: ListPageState) => ({ list, ...loanListArgs(state) }),
    useGetApplicationListQuery<Name>,
  );
}
