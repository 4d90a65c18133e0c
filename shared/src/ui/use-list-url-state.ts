import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from '@lender/shared/client/router';
import type { SortOrder } from '../contract/common';

const parsePage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** A list's sort as the URL holds it: a sortable column's key and its direction. */
export interface ListSort {
  key: string;
  order: SortOrder;
}

/** Parameters that are not filters. */
const RESERVED = new Set(['page', 'search', 'sort', 'order']);

/**
 * A list's page, search, sort and filters live in the URL (`?page=2&search=wanjiru&sort=balance
 * &order=desc&status=overdue`), so opening a record and coming Back, the browser's buttons and a
 * reload keep them, and a filtered list can be bookmarked and shared. Page 1, an empty search, the
 * default sort and an empty filter are left out of the URL.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';
  const sortKey = params.get('sort');
  const sort: ListSort | undefined = sortKey
    ? { key: sortKey, order: params.get('order') === 'desc' ? 'desc' : 'asc' }
    : undefined;

  // Every change starts from the last URL asked for, not the last one rendered: the router renders
  // a navigation in a transition, so a date typed right after a header click would otherwise be
  // built on the URL before the click and drop the new sort. `pending` holds the URLs asked for and
  // not yet rendered; a URL that is not among them (Back, a link) is the truth again.
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const shown = pending.current.indexOf(params.toString());
    pending.current = shown < 0 ? [] : pending.current.slice(shown + 1);
    if (pending.current.length === 0) latest.current = params;
  }, [params]);
  const change = useCallback(
    (edit: (updated: URLSearchParams) => void, options: { replace: boolean }) => {
      const updated = new URLSearchParams(latest.current);
      edit(updated);
      latest.current = updated;
      pending.current.push(updated.toString());
      setParams(updated, options);
    },
    [setParams],
  );

  /** A page change is a step in history (Back returns to the previous page). */
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      change(
        (updated) => {
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
        },
        { replace: options.replace ?? false },
      ),
    [change],
  );

  /** A new search starts at page 1 and replaces the entry (typing is not a trail of history). */
  const setSearch = useCallback(
    (next: string) =>
      change(
        (updated) => {
          if (next) updated.set('search', next);
          else updated.delete('search');
          updated.delete('page');
        },
        { replace: true },
      ),
    [change],
  );

  /** A new sort starts at page 1; undefined returns to the list's default order. */
  const setSort = useCallback(
    (next: ListSort | undefined) =>
      change(
        (updated) => {
          if (next) {
            updated.set('sort', next.key);
            updated.set('order', next.order);
          } else {
            updated.delete('sort');
            updated.delete('order');
          }
          updated.delete('page');
        },
        { replace: true },
      ),
    [change],
  );

  /** The filters in the URL: every parameter that is not page, search or sort. */
  const filters: Record<string, string> = {};
  params.forEach((value, name) => {
    if (!RESERVED.has(name) && value) filters[name] = value;
  });

  /** Sets (or, with '' or undefined, clears) filters; a new filter starts at page 1. */
  const setFilters = useCallback(
    (next: Record<string, string | undefined>) =>
      change(
        (updated) => {
          for (const [name, value] of Object.entries(next)) {
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          updated.delete('page');
        },
        { replace: true },
      ),
    [change],
  );

  /**
   * What the list's query sends besides page and search: the sort (when chosen) and the filters
   * named in `names` (others in the URL are ignored).
   */
  const queryArgs = <Name extends string>(names: readonly Name[]) => {
    const args: Partial<Record<Name | 'sort' | 'order', string>> = {};
    if (sort) {
      args.sort = sort.key;
      args.order = sort.order;
    }
    for (const name of names) if (filters[name]) args[name] = filters[name];
    return args;
  };

  return { page, search, sort, filters, setPage, setSearch, setSort, setFilters, queryArgs };
}
