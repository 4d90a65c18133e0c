/**
 * Money is Kenyan shillings with 2 decimals, handled as integer cents (bigint) so that no
 * arithmetic ever happens in binary floating point (docs/product.md#money-time-and-identifiers). The database stores
 * numeric(14,2), which drivers return as strings: convert with toCents, compute in cents,
 * store with formatCents, and answer the API with toMoneyNumber.
 *
 * Rounding everywhere is half away from zero, to the cent.
 */
export type Cents = bigint;

/** The largest amount numeric(14,2) can hold, in cents. */
export const MAX_STORABLE_CENTS: Cents = 99_999_999_999_999n;

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 100;

/** A decimal number as an exact integer and a power of ten: value = digits / 10^scale. */
interface ExactDecimal {
  digits: bigint;
  scale: number;
}

function parseExactDecimal(value: string | number | bigint): ExactDecimal {
  if (typeof value === 'bigint') return { digits: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
  // String(number) is the shortest decimal that round-trips, so 1.005 reads as "1.005", not 1.00499…
  const text = String(value).trim();
  const match = DECIMAL_PATTERN.exec(text);
  const [, sign = '', integerPart = '', fractionPart = '', exponentText = '0'] = match ?? [];
  if (!match || (integerPart === '' && fractionPart === '')) {
    throw new RangeError(`Not a decimal amount: "${text}"`);
  }
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) throw new RangeError(`Amount out of range: "${text}"`);
  const magnitude = BigInt(`${integerPart}${fractionPart}` || '0');
  return { digits: sign === '-' ? -magnitude : magnitude, scale: fractionPart.length - exponent };
}

/** numerator / denominator, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = (n % d) * 2n >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** Multiplies an exact decimal by 10^shift and rounds to an integer. */
function shiftAndRound({ digits, scale }: ExactDecimal, shift: number): bigint {
  const exponent = shift - scale;
  if (exponent >= 0) return digits * 10n ** BigInt(exponent);
  return divideRounded(digits, 10n ** BigInt(-exponent));
}

/**
 * Reads an amount ("1234.5", 1234.5, "1e3", a numeric(14,2) string) as cents. More than two
 * decimals round half away from zero: 1.005 → 101 cents.
 */
export function toCents(value: string | number | bigint): Cents {
  if (typeof value === 'bigint') return value * 100n;
  return shiftAndRound(parseExactDecimal(value), 2);
}

/** Cents as a plain decimal string with 2 decimals ("-1234.50"), the form numeric columns take. */
export function formatCents(cents: Cents): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const whole = magnitude / 100n;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Cents as the JSON number the API answers (at most 2 decimals). */
export function toMoneyNumber(cents: Cents): number {
  return Number(formatCents(cents));
}

export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

/** `percent` % of an amount, to the cent: percentOf(100000n, '12.5') = 12500n (125.00 of 1000.00). */
export function percentOf(amount: Cents, percent: string | number): Cents {
  const rate = parseExactDecimal(percent);
  const scale = Math.max(rate.scale, 0);
  const digits = rate.scale < 0 ? rate.digits * 10n ** BigInt(-rate.scale) : rate.digits;
  return divideRounded(amount * digits, 100n * 10n ** BigInt(scale));
}

/**
 * Splits a total into `count` parts: every part is total / count rounded to the cent, and the
 * last part takes the remainder so that the parts add up to the total exactly (docs/product.md#loans-and-the-schedule).
 */
export function splitIntoInstallments(total: Cents, count: number): Cents[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Installment count must be ≥ 1: ${count}`);
  const regular = divideRounded(total, BigInt(count));
  const parts = Array.from({ length: count - 1 }, () => regular);
  parts.push(total - regular * BigInt(count - 1));
  return parts;
}

/** part / whole × 100 with 2 decimals (0 when whole is 0): the percentage of a monthly target. */
export function percentage(part: Cents, whole: Cents): number {
  if (whole === 0n) return 0;
  return toMoneyNumber(divideRounded(part * 10_000n, whole));
}
