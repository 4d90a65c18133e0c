import { useCallback } from 'react';
import { useSearchParams } from '@lender/shared/client/router';

const parsePage = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * A list's page and search live in the URL (`?page=2&search=wanjiru`), so opening a record
 * and coming Back, the browser's buttons and a reload keep them. Page 1 and an empty search are
 * left out of the URL.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';

  /** A page change is a step in history (Back returns to the previous page). */
  const setPage = useCallback(
    (next: number, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  /** A new search starts at page 1 and replaces the entry (typing is not a trail of history). */
  const setSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('search', next);
          else updated.delete('search');
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { page, search, setPage, setSearch };
}
