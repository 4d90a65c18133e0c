import { useState, type Key } from 'react';

/**
 * Rows a person picks in a list to act on together (issue 34: approve the selected repayments):
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
 * A page's selection: what is selected among the rows shown now (a row that left the page, e.g.
 * once approved or on another page, is no longer selected), the selection's props for
 * PagedTable/ListPage, and `clear`.
 */
export function useRowSelection<Row>(
  rows: readonly Row[] | undefined,
  rowKey: keyof Row | ((row: Row) => Key),
  options: Pick<RowSelection<Row>, 'label' | 'disabled'>,
) {
  const [keys, setKeys] = useState<readonly Key[]>([]);
  const chosen = new Set(keys);
  const selected = (rows ?? []).filter((row) => chosen.has(keyOfRow(rowKey, row)));
  const selection: RowSelection<Row> = {
    selectedKeys: selected.map((row) => keyOfRow(rowKey, row)),
    onChange: setKeys,
    ...options,
  };
  return { selected, selection, clear: () => setKeys([]) };
}
