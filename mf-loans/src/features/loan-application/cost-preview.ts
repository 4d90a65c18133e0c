/**
 * What a loan on a product would cost, computed as the server does (domain rules §5, the loan
 * engine's README): integer cents, every rounding half away from zero, to the cent.
 * - interest = principal × rate / 100, rounded once;
 * - total = principal + interest;
 * - n = max(1, floor(duration_days / 7)) weekly installments;
 * - the weekly installment = total / n rounded (the last one takes the remainder), rounded down
 *   instead in the one case where rounding up would leave a negative last installment.
 */
export interface CostPreview {
  principal: number;
  interest: number;
  total: number;
  weeklyInstallment: number;
  weeks: number;
}

export interface PreviewTerms {
  amount: number;
  /** Flat percentage of the principal for the whole term (0 to 100, at most 2 decimals). */
  interestRate: number;
  durationDays: number;
}

/** A decimal as an exact integer over a power of ten, read from its shortest decimal text. */
function exactDecimal(value: number): { digits: bigint; scale: number } | null {
  if (!Number.isFinite(value)) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(value));
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = match;
  const magnitude = BigInt(`${whole}${fraction}`);
  return { digits: sign ? -magnitude : magnitude, scale: fraction.length - Number(exponent) };
}

/** numerator / denominator, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** value × 10^shift, rounded half away from zero to an integer. */
function scaled(value: number, shift: number): bigint | null {
  const exact = exactDecimal(value);
  if (!exact) return null;
  const exponent = shift - exact.scale;
  return exponent >= 0
    ? exact.digits * 10n ** BigInt(exponent)
    : divideRounded(exact.digits, 10n ** BigInt(-exponent));
}

const toKsh = (cents: bigint) => Number(cents) / 100;

/** The preview, or null while the amount is missing or not above 0, or the terms make no sense. */
export function previewLoanCost({ amount, interestRate, durationDays }: PreviewTerms): CostPreview | null {
  const principalCents = scaled(amount, 2);
  // The rate in hundredths of a percent: products allow at most 2 decimals.
  const rateHundredths = scaled(interestRate, 2);
  if (principalCents === null || rateHundredths === null || principalCents <= 0n || rateHundredths < 0n) {
    return null;
  }
  if (!Number.isInteger(durationDays) || durationDays < 1) return null;
  const interestCents = divideRounded(principalCents * rateHundredths, 10_000n);
  const totalCents = principalCents + interestCents;
  const weeks = Math.max(1, Math.floor(durationDays / 7));
  let installmentCents = divideRounded(totalCents, BigInt(weeks));
  if (installmentCents * BigInt(weeks - 1) > totalCents) installmentCents = totalCents / BigInt(weeks);
  return {
    principal: toKsh(principalCents),
    interest: toKsh(interestCents),
    total: toKsh(totalCents),
    weeklyInstallment: toKsh(installmentCents),
    weeks,
  };
}
