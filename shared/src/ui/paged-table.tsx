import { useEffect, useRef, useState, type Key, type KeyboardEvent, type ReactNode } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Grid,
  Select,
  Skeleton,
  Table,
  Typography,
  theme,
  type TableColumnsType,
} from '@lender/shared/ui/antd';
import type { RequestError } from '../client/api-error';
import { texts } from '../texts';
import { ListErrorAlert } from './list-error-alert';
import { keyOfRow, type RowSelection } from './row-selection';
import type { ListSort } from './use-list-url-state';

interface PagedTableProps<Row> {
  /**
   * The first column is pinned left (the customer's name) and the one keyed 'actions' pinned
   * right, so both stay in view while the middle scrolls; `responsive` drops a column on narrower
   * screens and also from the phone's cards.
   */
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  rowKey: keyof Row | ((row: Row) => Key);
  /** The list is being fetched (the query's isFetching). */
  loading?: boolean;
  /** The failed load (the query's error): shown instead of the list, with Retry. */
  error?: RequestError | boolean;
  /** The list's wording of the failure (the existing error text); by default listErrorText. */
  errorText?: string | undefined;
  /** A second line under errorText (the server's message). */
  errorDetail?: string | undefined;
  /** Loads the list again (the query's refetch). */
  onRetry?: () => void;
  /** Server page, starting at 1 (docs/product.md#constants). */
  page?: number;
  /** meta.totalPages from the server; Previous/Next stay within it. */
  totalPages?: number | undefined;
  /** meta.totalEstimated: the server stopped counting, so totalPages is a lower bound and more pages follow. */
  totalEstimated?: boolean | undefined;
  /** Without it the list is whole (no Previous/Next), as the loan products are. */
  onPageChange?: (page: number) => void;
  /** What an empty list says ('No loans are due today.'). */
  emptyText?: string;
  /** Accessible name of the table. */
  label?: string;
  /**
   * Where a page shows two paged lists, names its Previous/Next after the list ('Previous page of
   * sign-in throttles'), so that each pair can be told apart; the visible words stay the same.
   */
  pagerOf?: string;
  /**
   * The list's sort (useListUrlState's sort). Columns with `sorter: true` and a `key` sort on the
   * server: a header click (on a phone, the Sort by select) calls onSortChange.
   */
  sort?: ListSort | undefined;
  /** A new sort was chosen; undefined goes back to the list's default order. */
  onSortChange?: (sort: ListSort | undefined) => void;
  /**
   * Rows to pick and act on together (row-selection.ts): a checkbox on each row and Select all for
   * the page; the arrow keys move between rows and Space selects the focused one.
   */
  selection?: RowSelection<Row> | undefined;
  /**
   * The table is as wide as the page and its cells wrap (two-line cells, wrapped headers and
   * buttons), so that it scrolls sideways only when even the columns' narrowest form does not fit
   * (the default: issue 34, no list hides a column behind a sideways scroll at 1280 px); false:
   * each column is as wide as its widest line.
   */
  fitWidth?: boolean | undefined;
}

type Column<Row> = TableColumnsType<Row>[number] & { dataIndex?: unknown; render?: unknown };

const ACTIONS_KEY = 'actions';

/** Pins the name (first) column left and the actions column right unless a column says otherwise. */
function pinned<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  return columns.map((column, index) => {
    if (column.fixed !== undefined) return column;
    if (index === 0) return { ...column, fixed: 'left' as const };
    if (column.key === ACTIONS_KEY) return { ...column, fixed: 'right' as const };
    return column;
  });
}

const sortable = <Row,>(column: Column<Row>) => column.sorter === true && column.key !== undefined;

/** Marks the sorted column (controlled by the URL, so antd never sorts a page itself). */
function sorted<Row>(columns: TableColumnsType<Row>, sort: ListSort | undefined): TableColumnsType<Row> {
  return columns.map((column) => {
    if (!sortable(column as Column<Row>)) return column;
    const on = sort?.key === String(column.key);
    return {
      ...column,
      sortOrder: on ? (sort?.order === 'desc' ? 'descend' : 'ascend') : null,
      sortDirections: ['ascend', 'descend'],
    } as TableColumnsType<Row>[number];
  });
}

/** The phone's cards have no header to click: a select offers each sortable column both ways. */
function SortSelect<Row>({
  columns,
  sort,
  onSortChange,
  label,
}: {
  columns: TableColumnsType<Row>;
  sort: ListSort | undefined;
  onSortChange: (sort: ListSort | undefined) => void;
  label: string | undefined;
}) {
  const { token } = theme.useToken();
  const options = (columns as Column<Row>[]).filter(sortable).flatMap((column) => {
    const title = typeof column.title === 'string' ? column.title : String(column.key);
    return [
      { value: `${String(column.key)}:asc`, label: `${title} (ascending)` },
      { value: `${String(column.key)}:desc`, label: `${title} (descending)` },
    ];
  });
  if (options.length === 0) return null;
  return (
    <Select
      aria-label={label ? `Sort ${label} by` : 'Sort by'}
      // antd draws a select's placeholder at 25% (1.8:1, below AA); the secondary text colour reads.
      placeholder={<span style={{ color: token.colorTextSecondary }}>Sort by</span>}
      allowClear
      value={sort ? `${sort.key}:${sort.order}` : undefined}
      options={options}
      style={{ width: '100%', marginBottom: 12 }}
      onChange={(value: string | undefined) => {
        if (!value) return onSortChange(undefined);
        const [key = '', order] = value.split(':');
        onSortChange({ key, order: order === 'desc' ? 'desc' : 'asc' });
      }}
    />
  );
}

/** What a column shows for a row, as the table would render it. */
function cellOf<Row extends object>(column: Column<Row>, row: Row, index: number): ReactNode {
  const path = column.dataIndex;
  let value: unknown = undefined;
  if (typeof path === 'string' || typeof path === 'number') {
    value = (row as Record<string | number, unknown>)[path];
  } else if (Array.isArray(path)) {
    value = path.reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], row);
  }
  if (typeof column.render === 'function') {
    const rendered = (column.render as (value: unknown, row: Row, index: number) => unknown)(
      value,
      row,
      index,
    );
    // A render may return { children, props } for cell spans; a card only needs the content.
    if (rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)) {
      return (rendered as { children: ReactNode }).children;
    }
    return rendered as ReactNode;
  }
  return value as ReactNode;
}

/** A column kept on a phone: none whose `responsive` leaves out the smallest screens. */
const shownOnPhone = <Row,>(column: Column<Row>) => !column.responsive || column.responsive.includes('xs');

/**
 * Below 576 px: one card per row, the name as its heading, the other columns as labelled
 * figures and the actions at the bottom, so that a list is used with one thumb.
 */
function RowCards<Row extends object>({
  columns,
  rows,
  rowKey,
  label,
  selection,
  loading,
}: Pick<PagedTableProps<Row>, 'columns' | 'rowKey' | 'label' | 'selection' | 'loading'> & { rows: Row[] }) {
  const all = columns as Column<Row>[];
  const [nameColumn, ...rest] = all.filter(shownOnPhone);
  const actions = rest.find((column) => column.key === ACTIONS_KEY);
  const figures = rest.filter((column) => column !== actions);
  const keyOf = (row: Row): Key => keyOfRow(rowKey, row);
  const chosen = new Set(selection?.selectedKeys);
  const cardTitle = (row: Row, index: number): ReactNode => {
    const name = nameColumn ? cellOf(nameColumn, row, index) : undefined;
    if (!selection) return name;
    return (
      <Flex gap="small" align="center">
        <Checkbox
          aria-label={selection.label(row)}
          checked={chosen.has(keyOf(row))}
          // While the next page loads, the rows shown are the last page's: nothing to pick there.
          disabled={loading || selection.disabled?.(row)}
          onChange={(event) =>
            selection.onChange(toggled(selection.selectedKeys, keyOf(row), event.target.checked))
          }
        />
        {name}
      </Flex>
    );
  };
  const list = (
    // minmax(0, 1fr): a card never grows past the screen for a long unbreakable value (grid items
    // are as wide as their content by default).
    <ul
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 12,
      }}
    >
      {rows.map((row, index) => (
        <li key={keyOf(row)}>
          <Card size="small" title={cardTitle(row, index)}>
            <dl
              style={{
                margin: 0,
                display: 'grid',
                gridTemplateColumns: 'auto minmax(0, 1fr)',
                gap: '4px 12px',
              }}
            >
              {figures.map((column, at) => (
                <div key={String(column.key ?? at)} style={{ display: 'contents' }}>
                  <dt>
                    <Typography.Text type="secondary">{column.title as ReactNode}</Typography.Text>
                  </dt>
                  <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {cellOf(column, row, index)}
                  </dd>
                </div>
              ))}
            </dl>
            {actions ? (
              // Wraps rather than widening the card; buttons are the thumb's targets.
              <Flex wrap gap="small" style={{ marginTop: 12 }}>
                {cellOf(actions, row, index)}
              </Flex>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
  if (!selection) return list;
  const selectable = rows.filter((row) => !selection.disabled?.(row)).map(keyOf);
  const allChosen = selectable.length > 0 && selectable.every((key) => chosen.has(key));
  return (
    <>
      <Checkbox
        checked={allChosen}
        disabled={loading}
        indeterminate={!allChosen && selectable.some((key) => chosen.has(key))}
        onChange={(event) => {
          // Select all is this page's: the rows picked on other pages stay picked.
          const others = selection.selectedKeys.filter((key) => !selectable.includes(key));
          selection.onChange(event.target.checked ? [...others, ...selectable] : others);
        }}
        style={{ marginBottom: 12 }}
      >
        Select all
      </Checkbox>
      {list}
    </>
  );
}

/** The keys with `key` added (checked) or taken out. */
function toggled(keys: readonly Key[], key: Key, checked: boolean): Key[] {
  const others = keys.filter((k) => k !== key);
  return checked ? [...others, key] : others;
}

/**
 * The arrow keys move between a selectable table's rows (one row in the tab order at a time, the
 * one last focused) and Space selects or unselects the focused row, as its checkbox would.
 */
function useRowKeys<Row>(
  wrapper: { current: HTMLDivElement | null },
  rowKey: keyof Row | ((row: Row) => Key),
  selection: RowSelection<Row> | undefined,
  rowCount: number,
) {
  const [focused, setActive] = useState(0);
  if (!selection) return undefined;
  // A shorter page (the last, or after a refetch) still has a row in the tab order.
  const active = Math.min(focused, Math.max(0, rowCount - 1));
  const rowsShown = () =>
    Array.from(wrapper.current?.querySelectorAll<HTMLElement>('tbody tr[data-row-key]') ?? []);
  return (row: Row, index: number | undefined) => {
    const at = index ?? 0;
    return {
      tabIndex: at === active ? 0 : -1,
      className: 'selectable-row',
      onFocus: () => setActive(at),
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          const next = rowsShown()[at + (event.key === 'ArrowDown' ? 1 : -1)];
          if (next) {
            event.preventDefault();
            next.focus();
          }
        } else if (event.key === ' ' && event.target === event.currentTarget) {
          // Space on the row itself (a checkbox or button in it handles its own).
          event.preventDefault();
          if (selection.disabled?.(row)) return;
          const key = keyOfRow(rowKey, row);
          selection.onChange(toggled(selection.selectedKeys, key, !selection.selectedKeys.includes(key)));
        }
      },
    };
  };
}

/**
 * A table of one server page with the specification's Previous/Next buttons and 'Page x of y'.
 * The server decides the page size, so the table itself never paginates. It shows exactly one
 * of: a skeleton while the first rows load, the rows, the empty message, or the error with Retry.
 */
export function PagedTable<Row extends object>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  errorText,
  errorDetail,
  onRetry,
  page = 1,
  totalPages,
  totalEstimated,
  onPageChange,
  emptyText,
  label,
  pagerOf,
  sort,
  onSortChange,
  selection,
  fitWidth = true,
}: PagedTableProps<Row>) {
  const screens = Grid.useBreakpoint();
  const phone = screens.xs === true;
  const wrapper = useRef<HTMLDivElement>(null);
  const rowKeys = useRowKeys(wrapper, rowKey, selection, rows?.length ?? 0);
  const lastPage = Math.max(1, totalPages ?? 1);
  const pagerName = (button: string) => (pagerOf ? `${button} page of ${pagerOf}` : undefined);

  // The table's sideways-scrolling middle must be reachable by keyboard (axe
  // scrollable-region-focusable); antd renders that container itself, so it is named here.
  useEffect(() => {
    wrapper.current
      ?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')
      .forEach((region) => {
        region.tabIndex = 0;
        region.setAttribute('role', 'region');
        region.setAttribute('aria-label', label ? `${label}, scrollable` : 'Table, scrollable');
      });
  });

  // antd copies the column titles (the selection column's Select all checkbox too) into a hidden
  // measuring row (aria-hidden): what is focusable there is taken out of the tab order and made
  // inert, so that keyboard and screen-reader users meet only the visible header (axe
  // aria-hidden-focus). antd re-renders that row on its own, hence the observer.
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return undefined;
    const quiet = () =>
      root.querySelectorAll<HTMLElement>('.ant-table-measure-row').forEach((row) => {
        row.setAttribute('inert', '');
        row
          .querySelectorAll<HTMLElement>('input, button, a[href], [tabindex]')
          .forEach((element) => element.setAttribute('tabindex', '-1'));
      });
    quiet();
    const observer = new MutationObserver(quiet);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  // Retrying keeps showing the skeleton rather than the old error.
  const failed = Boolean(error) && !loading;
  const waiting = !failed && (rows === undefined || (loading === true && rows.length === 0));
  const empty = !failed && !waiting && rows?.length === 0;

  let body: ReactNode;
  if (failed) {
    body = (
      <ListErrorAlert
        error={typeof error === 'object' ? error : { status: 'CUSTOM_ERROR', error: '' }}
        message={errorText}
        detail={errorDetail}
        onRetry={onRetry}
      />
    );
  } else if (waiting) {
    body = <Skeleton active title={false} paragraph={{ rows: 5 }} aria-busy="true" />;
  } else if (empty) {
    body = <Empty description={emptyText} />;
  } else if (phone) {
    body = (
      <RowCards
        columns={columns}
        rows={rows ?? []}
        rowKey={rowKey}
        label={label}
        selection={selection}
        loading={loading}
      />
    );
    if (onSortChange) {
      body = (
        <>
          <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} label={label} />
          {body}
        </>
      );
    }
  } else {
    body = (
      <Table<Row>
        aria-label={label}
        columns={pinned(sorted(columns, sort))}
        dataSource={rows ?? []}
        rowKey={rowKey as never}
        // Rows already shown stay while the next page or a refetch loads.
        loading={loading}
        pagination={false}
        // min-content: at least the page's width (antd adds min-width 100%), wider only when the
        // narrowest columns do not fit.
        // "Click to sort ascending" on the sort arrows only: over the whole header, a narrow
        // column's tooltip covered the filters above the table and stayed while hovered.
        showSorterTooltip={{ target: 'sorter-icon' }}
        scroll={{ x: fitWidth ? 'min-content' : 'max-content' }}
        size={fitWidth ? 'middle' : undefined}
        tableLayout="auto"
        rowSelection={
          selection
            ? {
                fixed: true,
                // The rows picked on other pages stay picked (useRowSelection keeps them).
                preserveSelectedRowKeys: true,
                selectedRowKeys: [...selection.selectedKeys],
                onChange: (keys) => selection.onChange(keys),
                getCheckboxProps: (row: Row) => ({
                  'aria-label': selection.label(row),
                  disabled: selection.disabled?.(row) ?? false,
                }),
              }
            : undefined
        }
        onRow={rowKeys}
        onChange={(_pagination, _filters, sorter) => {
          const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
          onSortChange?.(
            chosen?.order && chosen.columnKey !== undefined
              ? { key: String(chosen.columnKey), order: chosen.order === 'descend' ? 'desc' : 'asc' }
              : undefined,
          );
        }}
      />
    );
  }

  return (
    <div ref={wrapper} aria-busy={loading ? true : undefined}>
      {body}
      {failed || !onPageChange ? null : (
        <Flex justify="space-between" align="center" gap="small" style={{ marginTop: 16 }}>
          <Button
            aria-label={pagerName(texts.common.previous)}
            disabled={page <= 1 || loading}
            onClick={() => onPageChange(page - 1)}
          >
            {texts.common.previous}
          </Button>
          <Typography.Text aria-live="polite" style={{ textAlign: 'center' }}>
            {totalEstimated
              ? texts.common.pageOfMoreThan(page, lastPage)
              : texts.common.pageOf(Math.min(page, lastPage), lastPage)}
          </Typography.Text>
          <Button
            aria-label={pagerName(texts.common.next)}
            disabled={(page >= lastPage && !totalEstimated) || loading}
            onClick={() => onPageChange(page + 1)}
          >
            {texts.common.next}
          </Button>
        </Flex>
      )}
    </div>
  );
}
