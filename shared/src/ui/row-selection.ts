import { useState, type Key } from 'react';

/**
 * Rows a person picks in a list to act on together (issue 34: approve the selected repayments),
 * on one page or several:
 * PagedTable draws a checkbox on each row and "Select all" for the page, and moves between rows
 * with the arrow keys, Space selecting the focused row.
 */
export interface RowSelection<Row> {
  /** The keys of the selected rows. */
  selectedKeys: readonly Key[];
  /** The person changed the selection (a checkbox, Select all, Space on a row). */
  onChange: (keys: Key[]) => void;
  /** The accessible name of a row's checkbox, e.g. 'Select the repayment of Wanjiku Kamau'. */
  label: (row: Row) => string;
  /** A row that cannot be chosen (its checkbox disabled). */
  disabled?: (row: Row) => boolean;
}

/** The key of a row, by the table's rowKey (a field or a function). */
export const keyOfRow = <Row>(rowKey: keyof Row | ((row: Row) => Key), row: Row): Key =>
  typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as unknown as Key);

/**
 * A list's selection: the rows picked, kept while the person moves to other pages of the list (so
 * that the 25 pending repayments of three pages can be approved together), the selection's props
 * for PagedTable/ListPage, and `clear`. A row is kept as it was shown when picked.
 */
export function useRowSelection<Row>(
  rows: readonly Row[] | undefined,
  rowKey: keyof Row | ((row: Row) => Key),
  options: Pick<RowSelection<Row>, 'label' | 'disabled'>,
) {
  const [chosen, setChosen] = useState<ReadonlyMap<Key, Row>>(new Map());
  const onChange = (keys: Key[]) => {
    const shown = new Map((rows ?? []).map((row) => [keyOfRow(rowKey, row), row]));
    const next = new Map<Key, Row>();
    for (const key of keys) {
      const row = shown.get(key) ?? chosen.get(key);
      if (row !== undefined) next.set(key, row);
    }
    setChosen(next);
  };
  const selection: RowSelection<Row> = { selectedKeys: [...chosen.keys()], onChange, ...options };
  return { selected: [...chosen.values()], selection, clear: () => setChosen(new Map()) };
}
