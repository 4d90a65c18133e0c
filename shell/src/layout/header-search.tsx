import { lazy, startTransition, Suspense, useRef, useState } from 'react';
import type { Role } from '@lender/shared/domain/roles';
import { Input, type InputRef } from '@lender/shared/ui/antd-core';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { SEARCH_PLACEHOLDER, useSearchShortcut } from './use-search-shortcut';

const loadSearchBox = () => import('./header-search-box');
const HeaderSearchBox = lazy(loadSearchBox);

/**
 * The header search (docs/product.md#application-frame): Cmd/Ctrl+K focuses it from anywhere. Until the user reaches for it
 * (focus, Ctrl+K, a pointer over it) it is a plain input that looks the same, so that the
 * AutoComplete and antd's Select behind it (~20 KB gzipped) are not loaded with every page.
 * What is typed meanwhile is kept and handed over.
 */
export function HeaderSearch({ role }: { role: Role | null }) {
  const [wanted, setWanted] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<InputRef>(null);
  // A transition: the plain input stays (focused, typable) until the search box has loaded.
  const want = () => {
    if (!wanted) startTransition(() => setWanted(true));
  };

  useSearchShortcut(input, !wanted);

  const plain = (
    <Input
      ref={input}
      className="header-search"
      role="combobox"
      aria-expanded={false}
      aria-label="Search"
      placeholder={SEARCH_PLACEHOLDER}
      prefix={<SearchOutlined aria-hidden />}
      value={query}
      onChange={(event) => setQuery(event.target.value)}
      onFocus={want}
      onPointerEnter={() => void loadSearchBox().catch(() => undefined)}
    />
  );
  // One boundary from the start: in a transition, it keeps showing the plain input until then.
  return (
    <Suspense fallback={plain}>
      {wanted ? <HeaderSearchBox role={role} query={query} onQueryChange={setQuery} /> : plain}
    </Suspense>
  );
}
