const kshFormat = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Ksh 12,345.50" — the currency label of the specification. */
export function formatKsh(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return `Ksh ${kshFormat.format(Number.isFinite(value) ? value : 0)}`;
}
