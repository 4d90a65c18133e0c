import { useEffect, type RefObject } from 'react';

/** The header search's words, the same on the plain input and on the search box that replaces it. */
export const SEARCH_PLACEHOLDER = 'Search pages, customers, loans (Ctrl+K)';

/** Cmd/Ctrl+K focuses `target` from anywhere on the page while `enabled`. */
export function useSearchShortcut(target: RefObject<{ focus: () => void } | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const focusSearch = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        target.current?.focus();
      }
    };
    window.addEventListener('keydown', focusSearch);
    return () => window.removeEventListener('keydown', focusSearch);
  }, [target, enabled]);
}
