/**
 * The shapes of Safaricom Daraja's C2B (customer to business) callbacks, as M-Pesa posts them to
 * the lender's validation and confirmation URLs, and the answers it expects (issue 13). The
 * server parses them with these schemas; the simulator (scripts/mpesa-simulate.mjs) writes them.
 */
import { z } from 'zod';

/** A value M-Pesa may send as a JSON string or number, read as text. */
const looseText = (label: string, max = 100) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be text` })
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));
const optionalLooseText = (label: string, max = 100) => looseText(label, max).optional().default('');

/** Daraja's C2B callback body (validation and confirmation carry the same fields). */
export const c2bCallbackSchema = z.object({
  TransactionType: optionalLooseText('TransactionType', 40),
  /** The code on the customer's SMS: 10 letters and digits. */
  TransID: looseText('TransID', 20)
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'TransID must be 10 letters and digits')),
  /** yyyyMMddHHmmss in Nairobi time. */
  TransTime: looseText('TransTime', 14).pipe(
    z.string().regex(/^\d{14}$/, 'TransTime must be yyyyMMddHHmmss'),
  ),
  /** Kept as decimal text: the server counts money in exact cents. */
  TransAmount: looseText('TransAmount', 20).pipe(
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'TransAmount must be an amount in Ksh with at most 2 decimals')
      .refine((value) => Number(value) > 0, 'TransAmount must be greater than 0'),
  ),
  BusinessShortCode: looseText('BusinessShortCode', 20),
  /** The account number the customer typed. */
  BillRefNumber: optionalLooseText('BillRefNumber', 40),
  InvoiceNumber: optionalLooseText('InvoiceNumber'),
  OrgAccountBalance: optionalLooseText('OrgAccountBalance'),
  ThirdPartyTransID: optionalLooseText('ThirdPartyTransID'),
  /** The payer's number: masked by current versions of the API, never used for matching. */
  MSISDN: optionalLooseText('MSISDN', 100),
  FirstName: optionalLooseText('FirstName'),
  MiddleName: optionalLooseText('MiddleName'),
  LastName: optionalLooseText('LastName'),
});
export type C2bCallback = z.infer<typeof c2bCallbackSchema>;
/** What a sender writes (numbers or text). */
export type C2bCallbackInput = z.input<typeof c2bCallbackSchema>;

/** Daraja's answer: ResultCode "0" accepts; a C2B000xx code refuses (validation only). */
export const c2bResultSchema = z.object({ ResultCode: z.string(), ResultDesc: z.string() });
export type C2bResult = z.infer<typeof c2bResultSchema>;

export const C2B_RESULTS = {
  accepted: { ResultCode: '0', ResultDesc: 'Accepted' },
  /** Daraja's code for an invalid account number. */
  invalidAccount: { ResultCode: 'C2B00012', ResultDesc: 'Rejected: invalid account number' },
} as const satisfies Record<string, C2bResult>;
