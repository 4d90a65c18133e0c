import { useEffect, useMemo, useRef, useState, type ComponentRef } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import type { Role } from '@lender/shared/domain/roles';
import { AutoComplete } from '@lender/shared/ui/antd-frame';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { pagesFor, searchPages } from './menu-items';

/**
 * The header search: finds menu pages by name ("Due" → Due Today, Due Tommorrow, …) and goes
 * to the chosen one (Enter takes the first). Cmd/Ctrl+K focuses it from anywhere (§2.2).
 */
export function HeaderSearch({ role }: { role: Role | null }) {
  const navigate = useNavigate();
  const search = useRef<ComponentRef<typeof AutoComplete>>(null);
  const [query, setQuery] = useState('');
  const pages = useMemo(() => pagesFor(role), [role]);
  const matches = searchPages(pages, query);

  useEffect(() => {
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
      onChange={(value: string) => setQuery(value ?? '')}
      onSelect={(path: string) => {
        setQuery('');
        search.current?.blur();
        navigate(path);
      }}
      options={matches.map((page) => ({
        value: page.path,
        label: page.group ? `${page.label} · ${page.group}` : page.label,
      }))}
      defaultActiveFirstOption
      notFoundContent={query.trim() ? 'No page matches' : null}
      popupMatchSelectWidth={320}
    />
  );
}
