import { useEffect, useMemo, useRef, useState, type ComponentRef } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import type { Role } from '@lender/shared/domain/roles';
import { AutoComplete } from '@lender/shared/ui/antd-search';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { useRemoteCatalog } from '../remotes/remote-catalog';
import { useSearchBookQuery } from '../app/shell-api';
import { bookHitGroups } from './book-search-options';
import { pagesFor } from './menu-entries';
import { searchPages } from './search-pages';
import { SEARCH_PLACEHOLDER, useSearchShortcut } from './use-search-shortcut';

/** Waits this long after the last key before asking the server (pages are matched at once). */
const BOOK_SEARCH_DELAY_MS = 250;

/** The query once typing pauses. */
function useSettled(query: string): string {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), BOOK_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  return settled;
}

export interface HeaderSearchBoxProps {
  role: Role | null;
  query: string;
  onQueryChange: (query: string) => void;
}

/**
 * The header search proper (antd AutoComplete, its own chunk): finds menu pages by name ("Due" →
 * Due Today, Due Tommorrow, …) at once and, once typing pauses, the caller's customers (name,
 * phone, national ID), loans (account number, IMEI) and repayments (M-Pesa code) on the server,
 * in groups; arrows move through them and Enter opens the chosen one (the first by default). Mounted when
 * the user first reaches for the search, focused, with what was typed so far.
 */
export default function HeaderSearchBox({ role, query, onQueryChange }: HeaderSearchBoxProps) {
  const navigate = useNavigate();
  const search = useRef<ComponentRef<typeof AutoComplete>>(null);
  const loaded = useRemoteCatalog(role);
  const catalog = loaded?.status === 'ready' ? loaded.catalog : null;
  const pages = useMemo(() => pagesFor(role, catalog), [role, catalog]);
  const matches = searchPages(pages, query);
  const settled = useSettled(query);
  const { currentData: results, isFetching } = useSearchBookQuery(settled, { skip: settled.length < 2 });
  const groups = settled.length >= 2 ? bookHitGroups(results) : [];
  const paths = new Map<string, string>([
    ...matches.map((page): [string, string] => [page.path, page.path]),
    ...groups.flatMap((group) => group.hits.map((hit): [string, string] => [hit.key, hit.path])),
  ]);
  const options = [
    ...(matches.length > 0
      ? [
          {
            label: 'Pages',
            options: matches.map((page) => ({
              value: page.path,
              label: page.group ? `${page.label} · ${page.group}` : page.label,
            })),
          },
        ]
      : []),
    ...groups.map((group) => ({
      label: group.title,
      options: group.hits.map((hit) => ({ value: hit.key, label: hit.label })),
    })),
  ];

  // It replaces the plain input the user reached for: the focus carries over.
  useEffect(() => search.current?.focus(), []);
  useSearchShortcut(search);

  return (
    <AutoComplete
      ref={search}
      className="header-search"
      aria-label="Search"
      placeholder={SEARCH_PLACEHOLDER}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={query}
      onChange={(value: string) => onQueryChange(value ?? '')}
      onSelect={(value: string) => {
        onQueryChange('');
        search.current?.blur();
        navigate(paths.get(value) ?? value);
      }}
      // The server already matched the records: antd must not filter them again by the label.
      filterOption={false}
      options={options}
      defaultOpen={query.trim() !== ''}
      defaultActiveFirstOption
      notFoundContent={
        query.trim() ? (isFetching || settled !== query.trim() ? 'Searching…' : 'Nothing matches') : null
      }
      popupMatchSelectWidth={320}
    />
  );
}
