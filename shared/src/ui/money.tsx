import { formatAmountInput, formatKsh, parseAmountInput } from '../domain/money';
import { texts } from '../texts';
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

/**
 * The props of every Ksh amount field (antd InputNumber): the currency before it and thousands
 * separators as it is typed ('Ksh 1,500,000.00', never 'Ksh 1500000.00'); the value stays a number.
 */
export const KSH_INPUT = {
  prefix: texts.common.currency,
  // Two decimals once typed, as amounts read elsewhere; what is being typed stays as typed.
  formatter: (value: number | string | undefined, info?: { userTyping: boolean }) =>
    formatAmountInput(value, info?.userTyping ? undefined : 2),
  // antd reads the parsed text as the number it holds (its documented formatter/parser pair).
  parser: (text: string | undefined) => parseAmountInput(text) as unknown as number,
} as const;
