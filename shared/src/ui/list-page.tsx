import { useEffect, type Key, type ReactNode } from 'react';
import { serverMessage, type RequestError } from '../client/api-error';
import type { PageMeta } from '../contract/common';
import { Flex, Input, type TableColumnsType } from '@lender/shared/ui/antd';
import { ExportButton, exportQuery } from './export-button';
import { SearchOutlined } from '@lender/shared/ui/icons';
import { ColumnChooser, useColumnChoice, type ColumnChoice } from './column-chooser';
import { ListFilterBar } from './list-filter-bar';
import { PageHeader } from './page-header';
import { PagedTable } from './paged-table';
import type { RowSelection } from './row-selection';
import { useDebouncedSearchBox } from './use-debounced-search-box';
import type { ListPageState } from './use-list-page';

/** What a list's query hook returns (RTK Query's useQuery result), as far as the page reads it. */
export interface ListQueryResult<Row> {
  data?: { data: Row[]; meta: PageMeta } | undefined;
  /** The answer to the arguments asked for now (not the last one shown while the next loads). */
  currentData?: { meta: PageMeta } | undefined;
  error?: RequestError;
  isFetching: boolean;
  refetch: () => unknown;
}

/** What an empty list says, by what narrowed it. */
export interface ListEmptyTexts {
  /** Nothing at all, e.g. 'No active loans.' */
  none: string;
  /** Nothing within the filters, e.g. 'No loans match the filters.' */
  filtered?: string;
  /** Nothing for the search, e.g. `No loans match "${search}".` */
  searched?: (search: string) => string;
}

interface ListPageProps<Row extends object> {
  title: string;
  /** A line under the title (the suspense page's waiting total). */
  description?: ReactNode;
  /** useListPage's state. */
  list: ListPageState;
  /** The list's query result, asked with list.page, list.search and list.query. */
  result: ListQueryResult<Row>;
  columns: TableColumnsType<Row>;
  rowKey?: keyof Row | ((row: Row) => Key);
  /** Names the filter group for screen readers; 'Filters' by default. */
  filtersLabel?: string;
  /** A search box in the header: its accessible name, and a placeholder when it differs. */
  search?: { label: string; placeholder?: string };
  /** An Export CSV button: the API path and its fixed parameters; search, sort and filters follow. */
  exportTo?: { path: string; params?: Record<string, string> };
  /** The header's own buttons (before Export). */
  actions?: ReactNode;
  /** Above the filters (the suspense page's status switch). */
  beforeFilters?: ReactNode;
  empty?: ListEmptyTexts;
  /**
   * What a failed load says: the server's message, else this text (or this function's answer);
   * by default 'You are not authorized…' or the unexpected-error text (ListErrorAlert).
   */
  errorText?: string | ((error: NonNullable<RequestError>) => string);
  /** Under the list, in its column (the users page's sign-in throttles). */
  footer?: ReactNode;
  /** The page's modals. */
  children?: ReactNode;
  /** Rows to pick and act on together (useRowSelection's `selection`): checkboxes, Select all, arrows and Space. */
  selection?: RowSelection<Row> | undefined;
  /** Above the table while rows can be picked: what is selected and the buttons that act on it. */
  selectionBar?: ReactNode;
  /**
   * A "Columns" button in the header: the columns a person may hide or show, remembered in the
   * browser per list (column-chooser.tsx); the other columns always show.
   */
  columnChoice?: ColumnChoice;
  /**
   * The table takes the page's width and wraps its cells rather than scrolling sideways, as long
   * as the columns' narrowest form fits (PagedTable fitWidth).
   */
  fitWidth?: boolean;
}

/** The header's search box: what was typed applies once typing pauses, or at once on Enter. */
function ListSearchBox({
  label,
  placeholder,
  list,
}: {
  label: string;
  placeholder?: string;
  list: ListPageState;
}) {
  const box = useDebouncedSearchBox(list.search, list.setSearch);
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      prefix={<SearchOutlined aria-hidden />}
      allowClear
      value={box.text}
      onChange={(event) => box.change(event.target.value)}
      onPressEnter={box.applyNow}
      style={{ width: 300, maxWidth: '100%' }}
    />
  );
}

const emptyTextOf = (empty: ListEmptyTexts | undefined, search: string, filtered: boolean) => {
  if (!empty) return undefined;
  if (search && empty.searched) return empty.searched(search);
  if (filtered && empty.filtered) return empty.filtered;
  return empty.none;
};

/**
 * A list page (issue 14, docs/product.md#constants): the title with the search box, the page's buttons and
 * Export CSV; the labelled filters; the server's page as a sortable table with Previous/Next, or
 * the error with Retry, or what an empty list says. Page, search, sort and filters live in the
 * URL (useListPage); a page past the end (an old link, the last row of the last page gone) moves
 * to the last page.
 */
export function ListPage<Row extends object>({
  title,
  description,
  list,
  result,
  columns,
  rowKey = 'id' as keyof Row,
  filtersLabel,
  search,
  exportTo,
  actions,
  beforeFilters,
  empty,
  errorText,
  footer,
  children,
  selection,
  selectionBar,
  columnChoice,
  fitWidth,
}: ListPageProps<Row>) {
  const chosen = useColumnChoice(columnChoice, columns);
  const { page, setPage } = list;
  const lastPage = result.currentData?.meta.totalPages;
  // After Next or a new filter, the last answer's rows stay shown until the new ones arrive (RTK
  // Query's data), and for a moment before the request even starts: the table is loading from the
  // first render, so Select all in that moment cannot pick the old rows again.
  const showingLastRows = result.data !== undefined && result.currentData === undefined && !result.error;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  const searched = search ? list.search : '';
  const { error } = result;
  const header =
    search || actions || exportTo || columnChoice ? (
      // Wraps on a phone instead of widening the page.
      <Flex wrap gap="small">
        {search ? <ListSearchBox label={search.label} placeholder={search.placeholder} list={list} /> : null}
        {actions}
        {columnChoice ? (
          <ColumnChooser
            choice={columnChoice}
            title={title}
            shown={chosen.shown}
            setShown={chosen.setShown}
          />
        ) : null}
        {exportTo ? (
          <ExportButton
            path={`${exportTo.path}${exportQuery({ ...exportTo.params, search: searched, ...list.query })}`}
          />
        ) : null}
      </Flex>
    ) : undefined;

  return (
    <>
      <PageHeader title={title} description={description} extra={header} />
      <Flex vertical gap="large">
        <Flex vertical gap="middle">
          {beforeFilters}
          {list.filterDefinitions.length > 0 ? (
            <ListFilterBar
              label={filtersLabel}
              filters={list.filterDefinitions}
              values={list.filters}
              onChange={list.setFilters}
            />
          ) : null}
          {selection ? selectionBar : null}
          <PagedTable<Row>
            label={title}
            columns={chosen.visible}
            fitWidth={fitWidth}
            rows={result.data?.data}
            rowKey={rowKey}
            loading={result.isFetching || showingLastRows}
            error={error}
            errorText={
              !error || errorText === undefined
                ? undefined
                : typeof errorText === 'function'
                  ? errorText(error)
                  : serverMessage(error, errorText)
            }
            onRetry={() => void result.refetch()}
            page={page}
            totalPages={result.data?.meta.totalPages}
            totalEstimated={result.data?.meta.totalEstimated}
            onPageChange={setPage}
            sort={list.sort}
            onSortChange={list.setSort}
            emptyText={emptyTextOf(empty, searched, list.filtered)}
            selection={selection}
          />
        </Flex>
        {footer}
      </Flex>
      {children}
    </>
  );
}
