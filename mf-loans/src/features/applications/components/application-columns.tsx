import { formatDay } from '@lender/shared/domain/date-time';
import type { RejectedApplicationRow } from '@lender/shared/contract/applications';
import {
  APPLICATION_LISTS,
  type ApplicationListName,
  type ApplicationRowOf,
} from '@lender/shared/contract/application-lists';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { Money, moneyColumn } from '@lender/shared/ui/money.tsx';
import { serverSortedColumns } from '@lender/shared/ui/server-sorted-columns';

type ApplicationTableColumn = TableColumnsType<RejectedApplicationRow>[number];
/** Every column a list names. */
type ApplicationColumn = (typeof APPLICATION_LISTS)[ApplicationListName]['columns'][number];

const textColumn = (
  title: string,
  field: keyof RejectedApplicationRow & string,
  key: string = field,
): ApplicationTableColumn => ({ title, dataIndex: field, key });
const dayColumn = (title: string, field: 'created_at' | 'rejected_at'): ApplicationTableColumn => ({
  ...textColumn(title, field),
  render: (date: string) => formatDay(date),
});

/**
 * How an application table shows each column a list of shared/src/contract/application-lists.ts
 * names (docs/product.md#applications), by the row's field. The key is the sort's name where the
 * column sorts (customer_name for the customer's full name).
 */
const APPLICATION_COLUMNS: Record<ApplicationColumn, ApplicationTableColumn> = {
  customer_full_name: textColumn('Customer Name', 'customer_full_name', 'customer_name'),
  national_id: textColumn('National ID', 'national_id'),
  phone: textColumn('Phone', 'phone'),
  monthly_income: {
    ...textColumn('Monthly Income', 'monthly_income'),
    align: 'right',
    render: (income: number | null) =>
      income === null ? texts.common.notAvailable : <Money amount={income} />,
  },
  product_name: textColumn('Product', 'product_name', 'product'),
  amount: moneyColumn<RejectedApplicationRow>('Amount', 'amount'),
  purpose: textColumn('Purpose', 'purpose'),
  created_at: dayColumn('Date', 'created_at'),
  rejected_at: dayColumn('Rejected On', 'rejected_at'),
  occupation: textColumn('Occupation', 'occupation'),
  address: textColumn('Address', 'address'),
  rejection_reason: {
    ...textColumn('Rejection Reason', 'rejection_reason'),
    render: (reason: string) => reason || '—',
  },
};

/**
 * A list's table columns (application-lists.ts), each sortable on the server (sorter: true) where
 * the list takes the sort its key names.
 */
export function applicationColumns<Name extends ApplicationListName>(
  list: Name,
): TableColumnsType<ApplicationRowOf<Name>> {
  const { columns, sorts }: { columns: readonly ApplicationColumn[]; sorts: readonly string[] } =
    APPLICATION_LISTS[list];
  const table = serverSortedColumns(
    columns.map((field) => APPLICATION_COLUMNS[field]),
    sorts,
  );
  // Each column reads only its own field, which the list's row has (its definition's columns are typed by it).
  return table as TableColumnsType<ApplicationRowOf<Name>>;
}
