import type { ReactNode } from 'react';
import { formatDay } from '../domain/date-time';
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

/**
 * The one date formatter (`formatDay` of shared/src/domain/date-time.ts) under the name the tables
 * know it by: the Nairobi day of a date or timestamp as '27 Nov 2026', or 'N/A' when there is none.
 */
export { formatDay as datePart } from '../domain/date-time';

/**
 * A column of a date or timestamp shown as its Nairobi day ('27 Nov 2026'); keyed by `key` where the server's
 * sort has another name than the field (recorded for created_at).
 */
export function dateColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  key: string = dataIndex,
): TableColumnsType<Row>[number] {
  return { ...fieldColumn<Row>(title, dataIndex, (value: string | null) => formatDay(value)), key };
}
