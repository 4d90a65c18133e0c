import type { MenuPage } from './menu-entries';

/** Pages whose name (or group) contains the query, case-insensitively, best matches first. */
export function searchPages(pages: MenuPage[], query: string): MenuPage[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const score = (page: MenuPage) => {
    const label = page.label.toLowerCase();
    if (label.startsWith(needle)) return 0;
    if (label.split(/\s+/).some((word) => word.startsWith(needle))) return 1;
    if (label.includes(needle)) return 2;
    if (page.group?.toLowerCase().includes(needle)) return 3;
    return 4;
  };
  return pages
    .map((page) => ({ page, rank: score(page) }))
    .filter(({ rank }) => rank < 4)
    .sort((a, b) => a.rank - b.rank)
    .map(({ page }) => page);
}
