/**
 * M-Pesa paybill (Daraja C2B) callbacks (issue 13): the payload Safaricom posts to the validation
 * and confirmation URLs, and the answers it expects. Only the shapes and their reading live here;
 * the routes, the matching and the suspense queue are the server's.
 */
import { z } from 'zod';

/** Nairobi is UTC+3 all year (no daylight saving): the zone of Daraja's TransTime. */
const NAIROBI_OFFSET_HOURS = 3;

export interface TransTimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wall-clock fields of a Daraja TransTime (`yyyyMMddHHmmss`) as written, not yet checked to be
 * a real date and time; null when it is not 14 digits.
 */
export function transTimeFields(text: string): TransTimeFields | null {
  if (!/^\d{14}$/.test(text)) return null;
  const digits = (from: number, to: number) => Number(text.slice(from, to));
  return {
    year: digits(0, 4),
    month: digits(4, 6),
    day: digits(6, 8),
    hour: digits(8, 10),
    minute: digits(10, 12),
    second: digits(12, 14),
  };
}

/**
 * The instant of a Daraja TransTime, `yyyyMMddHHmmss` in Nairobi time; null when it is not one
 * (wrong length, or a date or time that does not exist, like 20250230…).
 */
export function parseTransTime(text: string): Date | null {
  const fields = transTimeFields(text.trim());
  if (!fields) return null;
  const { year, month, day, hour, minute, second } = fields;
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 30 February over to March: a value that does not read back is not a time.
  if (
    asUtc.getUTCFullYear() !== year ||
    asUtc.getUTCMonth() !== month - 1 ||
    asUtc.getUTCDate() !== day ||
    asUtc.getUTCHours() !== hour ||
    asUtc.getUTCMinutes() !== minute ||
    asUtc.getUTCSeconds() !== second
  ) {
    return null;
  }
  return new Date(asUtc.getTime() - NAIROBI_OFFSET_HOURS * 60 * 60 * 1000);
}

/** A TransTime for an instant (the simulator's and the tests'). */
export function formatTransTime(instant: Date): string {
  const nairobi = new Date(instant.getTime() + NAIROBI_OFFSET_HOURS * 60 * 60 * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return (
    pad(nairobi.getUTCFullYear(), 4) +
    pad(nairobi.getUTCMonth() + 1) +
    pad(nairobi.getUTCDate()) +
    pad(nairobi.getUTCHours()) +
    pad(nairobi.getUTCMinutes()) +
    pad(nairobi.getUTCSeconds())
  );
}

const AMOUNT_PATTERN = /^\d{1,12}(?:\.\d{1,2})?$/;

/**
 * TransAmount, sent as a string ("1500.00") or a number (1500): read as exact decimal text with
 * two decimals ("1500.00"), never through a float sum; more than 2 decimals, a sign or zero is refused.
 */
const transAmountSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = String(value).trim();
  if (!AMOUNT_PATTERN.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message: 'TransAmount must be an amount in shillings with at most 2 decimals',
    });
    return z.NEVER;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const normalised = `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
  if (/^0\.00$/.test(normalised)) {
    ctx.addIssue({ code: 'custom', message: 'TransAmount must be more than 0' });
    return z.NEVER;
  }
  return normalised;
});

/** Daraja sends some fields as numbers in some versions; they are read as text. */
const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .optional()
  .default('');

/**
 * A C2B validation or confirmation payload. TransID, TransTime, TransAmount and BillRefNumber are
 * required; the rest are kept as text when present. MSISDN is masked by current versions of the
 * API and is never used for matching.
 */
export const darajaC2bPayloadSchema = z.object({
  TransactionType: text,
  TransID: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'TransID must be 10 letters and digits')),
  TransTime: z
    .string()
    .trim()
    .refine((value) => parseTransTime(value) !== null, 'TransTime must be yyyyMMddHHmmss'),
  TransAmount: transAmountSchema,
  BusinessShortCode: text,
  BillRefNumber: text,
  InvoiceNumber: text,
  OrgAccountBalance: text,
  ThirdPartyTransID: text,
  MSISDN: text,
  FirstName: text,
  MiddleName: text,
  LastName: text,
});
export type DarajaC2bPayload = z.infer<typeof darajaC2bPayloadSchema>;
export type DarajaC2bPayloadInput = z.input<typeof darajaC2bPayloadSchema>;

/** What Daraja expects back: 0 to accept; on validation, C2B00012 refuses an invalid account number. */
export const darajaResultSchema = z.object({
  ResultCode: z.union([z.literal(0), z.string()]),
  ResultDesc: z.string(),
});
export type DarajaResult = z.infer<typeof darajaResultSchema>;

export const DARAJA_ACCEPTED: DarajaResult = { ResultCode: 0, ResultDesc: 'Accepted' };
export const DARAJA_INVALID_ACCOUNT: DarajaResult = { ResultCode: 'C2B00012', ResultDesc: 'Rejected' };

/** The payer's name as Daraja gives it, the empty parts left out. */
export const payerName = (payload: Pick<DarajaC2bPayload, 'FirstName' | 'MiddleName' | 'LastName'>): string =>
  [payload.FirstName, payload.MiddleName, payload.LastName].filter(Boolean).join(' ');
