import type { TableColumnsType } from '@lender/shared/ui/antd';

/**
 * A list's columns, each sortable on the server (`sorter: true`) when its key is one of the sorts
 * its definition takes (shared/src/contract/*-lists.ts): a sortable column is keyed by its sort.
 */
export const serverSortedColumns = <Row>(
  columns: TableColumnsType<Row>,
  sorts: readonly string[],
): TableColumnsType<Row> =>
  columns.map((column) =>
    typeof column.key === 'string' && sorts.includes(column.key) ? { ...column, sorter: true } : column,
  );
