import type { ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps } from '@lender/shared/ui/antd';
import { useScrollRegion } from './scroll-region';

interface RecordTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: TableColumnsType<T>;
  rows: T[];
  emptyText: ReactNode;
  loading?: boolean;
  scroll?: TableProps<T>['scroll'];
}

/** A small table of one record's related rows (a customer's referees, a loan's notes), all on one page: the lists are short. */
export function RecordTable<T extends { id: number }>({
  label,
  columns,
  rows,
  emptyText,
  loading,
  scroll,
}: RecordTableProps<T>) {
  // A table that scrolls sideways inside itself can be scrolled from the keyboard.
  const region = useScrollRegion(label, scroll?.x !== undefined);
  return (
    <div ref={region}>
      <Table<T>
        aria-label={label}
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey="id"
        loading={loading}
        pagination={false}
        scroll={scroll}
        locale={{ emptyText }}
      />
    </div>
  );
}
