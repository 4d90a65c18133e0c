import { filterNames, type ListFilter } from './list-filter-bar';
import { useListUrlState } from './use-list-url-state';

/**
 * The state of a list page (page, search, sort and filters in the URL, useListUrlState) with what
 * its query sends: the sort and exactly the filters shown in its bar, so the bar, the list and its
 * export always agree. `filtered` says whether any of them is set (the empty list's wording).
 */
export function useListPage(filters: readonly ListFilter[]) {
  const url = useListUrlState();
  const names = filterNames(filters);
  const query = url.queryArgs(names);
  const filtered = names.some((name) => Boolean(url.filters[name]));
  return { ...url, filterDefinitions: filters, query, filtered };
}

export type ListPageState = ReturnType<typeof useListPage>;
