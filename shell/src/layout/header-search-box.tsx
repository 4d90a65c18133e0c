import { useEffect, useMemo, useRef, type ComponentRef } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import type { Role } from '@lender/shared/domain/roles';
import { AutoComplete } from '@lender/shared/ui/antd-search';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { useRemoteCatalog } from '../remotes/remote-catalog';
import { pagesFor, searchPages } from './menu-items';

export interface HeaderSearchBoxProps {
  role: Role | null;
  query: string;
  onQueryChange: (query: string) => void;
}

/**
 * The header search proper (antd AutoComplete, its own chunk): finds menu pages by name ("Due" →
 * Due Today, Due Tommorrow, …) and goes to the chosen one (Enter takes the first). Mounted when
 * the user first reaches for the search, focused, with what was typed so far.
 */
export default function HeaderSearchBox({ role, query, onQueryChange }: HeaderSearchBoxProps) {
  const navigate = useNavigate();
  const search = useRef<ComponentRef<typeof AutoComplete>>(null);
  const loaded = useRemoteCatalog(role);
  const catalog = loaded?.status === 'ready' ? loaded.catalog : null;
  const pages = useMemo(() => pagesFor(role, catalog), [role, catalog]);
  const matches = searchPages(pages, query);

  useEffect(() => {
    search.current?.focus();
    const focusSearch = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener('keydown', focusSearch);
    return () => window.removeEventListener('keydown', focusSearch);
  }, []);

  return (
    <AutoComplete
      ref={search}
      className="header-search"
      aria-label="Search"
      placeholder="Search pages (Ctrl+K)"
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={query}
      onChange={(value: string) => onQueryChange(value ?? '')}
      onSelect={(path: string) => {
        onQueryChange('');
        search.current?.blur();
        navigate(path);
      }}
      options={matches.map((page) => ({
        value: page.path,
        label: page.group ? `${page.label} · ${page.group}` : page.label,
      }))}
      defaultOpen={query.trim() !== ''}
      defaultActiveFirstOption
      notFoundContent={query.trim() ? 'No page matches' : null}
      popupMatchSelectWidth={320}
    />
  );
}
