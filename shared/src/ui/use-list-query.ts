import type { ListFilter } from './list-filter-bar';
import { useListPage, type ListPageState } from './use-list-page';

/**
 * A list page's state (useListPage) and the answer of its query, asked with what `argsOf` takes
 * from the page, search, sort and filters: the two props every ListPage needs, so a page spreads
 * them (`<ListPage {...table} title=… columns=… />`) and states only what differs.
 * `useQuery` is the list's RTK Query hook (the same one on every render).
 */
export function useListQuery<Args, Result, Options extends object = object>(
  filters: readonly ListFilter[],
  argsOf: (list: ListPageState) => Args,
  useQuery: (args: Args, options?: Options & ListQueryOptions) => Result,
  options?: Options,
): { list: ListPageState; result: Result } {
  const list = useListPage(filters);
  const result = useQuery(argsOf(list), { ...LIST_QUERY_OPTIONS, ...options } as Options & ListQueryOptions);
  return { list, result };
}

interface ListQueryOptions {
  refetchOnMountOrArgChange?: boolean | number;
}

/**
 * A list opened again asks the server anew (showing what it had meanwhile): staff open the same
 * lists all day while colleagues, M-Pesa and the nightly pass change them elsewhere.
 */
const LIST_QUERY_OPTIONS: ListQueryOptions = { refetchOnMountOrArgChange: true };

/** A list query's usual arguments: the page, and the sort and filters as `query`. */
export const listArgs = (list: ListPageState) => ({ page: list.page, query: list.query });

/** listArgs with the header's search (a list with a search box). */
export const searchedListArgs = (list: ListPageState) => ({ ...listArgs(list), search: list.search });
