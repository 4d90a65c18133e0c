const kshFormat = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Ksh 12,345.50" — the currency label of the specification. */
export function formatKsh(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return `Ksh ${kshFormat.format(Number.isFinite(value) ? value : 0)}`;
}

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * An amount field's text with thousands separators ('1500000.5' → '1,500,000.5' as it is typed;
 * with `decimals`, once typed, '1,500,000.50'), and back (`parseAmountInput`): antd InputNumber's
 * formatter and parser, for every Ksh field (`KSH_INPUT` of shared/src/ui/money.tsx).
 */
export function formatAmountInput(value: number | string | undefined, decimals?: number): string {
  if (value === undefined || value === '') return '';
  const number = Number(value);
  const text = decimals !== undefined && Number.isFinite(number) ? number.toFixed(decimals) : String(value);
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(GROUPS, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** '1,500,000.50' → '1500000.50': what the field holds, without the separators a person may type. */
export const parseAmountInput = (text: string | undefined): string => (text ?? '').replace(/[,\s]/g, '');
