import { formatKsh } from '../domain/money';

/** An amount in Ksh, with digits that line up in table columns. */
export function Money({ amount }: { amount: number | string | null | undefined }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatKsh(amount)}</span>
  );
}
