import { formatKsh } from '../domain/money';
import type { TableColumnsType } from '@lender/shared/ui/antd';

/** An amount in Ksh, with digits that line up in table columns. */
export function Money({ amount }: { amount: number | string | null | undefined }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatKsh(amount)}</span>
  );
}

/**
 * A table column of amounts, right-aligned; keyed by its field unless `key` says otherwise
 * (a sortable column's key is the server's sort name).
 */
export function moneyColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  options: { key?: string; sorter?: boolean } = {},
): TableColumnsType<Row>[number] {
  return {
    title,
    dataIndex,
    key: options.key ?? dataIndex,
    ...(options.sorter ? { sorter: true } : {}),
    align: 'right',
    render: (amount: number) => <Money amount={amount} />,
  };
}
