import type { ReactNode } from 'react';
import type { TableColumnsType } from '@lender/shared/ui/antd';

/**
 * A table column of one field of its rows, keyed by the field; `render` draws the field's value
 * (with its row) where its text alone will not do.
 */
export function fieldColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  // The value's type is the caller's to name: antd hands it over untyped.
  render?: (value: never, row: Row) => ReactNode,
): TableColumnsType<Row>[number] {
  return {
    title,
    dataIndex,
    key: dataIndex,
    ...(render ? { render: (value: unknown, row: Row) => render(value as never, row) } : {}),
  };
}
