import type { ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps } from '@lender/shared/ui/antd';

interface RecordTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: TableColumnsType<T>;
  rows: T[];
  emptyText: ReactNode;
  scroll?: TableProps<T>['scroll'];
}

/** A small table of a customer's records, all on one page (the lists are short). */
export function RecordTable<T extends { id: number }>({
  label,
  columns,
  rows,
  emptyText,
  scroll,
}: RecordTableProps<T>) {
  return (
    <Table<T>
      aria-label={label}
      size="small"
      columns={columns}
      dataSource={rows}
      rowKey="id"
      pagination={false}
      scroll={scroll}
      locale={{ emptyText }}
    />
  );
}
