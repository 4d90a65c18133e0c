/**
 * `npm run mpesa:simulate -- --account <acct> --amount 1500`: posts Daraja-shaped C2B callbacks
 * (validation, then confirmation, as M-Pesa does) to a running server, for demos and tests.
 *
 *   --account <acct>   the account number the customer types (a loan's, shown on its detail page)
 *   --amount <ksh>     what the customer pays (up to 2 decimals)
 *   --unknown          pay to an account number that names no loan (it lands in suspense)
 *   --resend           send the confirmation twice, as M-Pesa does when unsure (applied once)
 *   --trans-id <code>  the M-Pesa code (default: a fresh random one)
 *   --time <iso>       when the customer paid (default: now), written as TransTime in Nairobi time
 *   --url <base>       the server (default http://localhost:$PORT or 8080)
 *   --secret <s>       MPESA_CALLBACK_SECRET of the server (default: that variable)
 *
 * Prints each answer. Exits 1 when the server refused (validation C2B00012 or an HTTP error).
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { C2bCallbackInput } from '@lender/shared/contract/mpesa-c2b';
import { API_BASE, apiRoutes } from '@lender/shared/contract/routes';
import { BUSINESS_TIME_ZONE } from '@lender/shared/domain/date-time';
import { formatTransTime } from '../domain/mpesa';

const { values } = parseArgs({
  options: {
    account: { type: 'string' },
    amount: { type: 'string' },
    unknown: { type: 'boolean', default: false },
    resend: { type: 'boolean', default: false },
    'trans-id': { type: 'string' },
    time: { type: 'string' },
    url: { type: 'string' },
    secret: { type: 'string' },
    name: { type: 'string', default: 'JOHN KAMAU' },
  },
});

const fail = (message: string): never => {
  console.error(`mpesa:simulate: ${message}`);
  process.exit(1);
};

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** A code shaped like M-Pesa's (10 letters and digits, starting with a letter). */
const freshTransId = () =>
  `T${Array.from({ length: 9 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

const secret = values.secret ?? process.env.MPESA_CALLBACK_SECRET?.trim();
if (!secret) fail("the server's MPESA_CALLBACK_SECRET is needed: set it or pass --secret");
const amount = values.amount ?? fail('--amount is required (e.g. --amount 1500)');
if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0)
  fail(`--amount must be an amount in Ksh with at most 2 decimals (got "${amount}")`);
const account = values.unknown ? `X${randomInt(100_000, 999_999)}` : values.account;
if (account === undefined) fail('--account is required (or --unknown)');
const paidAt = values.time ? new Date(values.time) : new Date();
if (Number.isNaN(paidAt.getTime())) fail(`--time must be an ISO date-time (got "${values.time}")`);
const base = (values.url ?? `http://localhost:${process.env.PORT?.trim() || '8080'}`).replace(/\/$/, '');
const [first = '', ...rest] = values.name.split(' ');

const body: C2bCallbackInput = {
  TransactionType: 'Pay Bill',
  TransID: values['trans-id'] ?? freshTransId(),
  TransTime: formatTransTime(paidAt, BUSINESS_TIME_ZONE),
  TransAmount: amount,
  BusinessShortCode: '600984',
  BillRefNumber: account ?? '',
  InvoiceNumber: '',
  OrgAccountBalance: '',
  ThirdPartyTransID: '',
  // Masked, as current versions of the API send it.
  MSISDN: '2547 ***** 126',
  FirstName: first,
  MiddleName: rest.length > 1 ? (rest[0] ?? '') : '',
  LastName: rest.at(-1) ?? '',
};

async function post(kind: 'validation' | 'confirmation'): Promise<{ ResultCode?: string }> {
  const path =
    kind === 'validation'
      ? apiRoutes.mpesa.validation(secret ?? '')
      : apiRoutes.mpesa.confirmation(secret ?? '');
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch((error: unknown) =>
    fail(`${base} did not answer: ${error instanceof Error ? error.message : String(error)}`),
  );
  const text = await response.text();
  console.log(`${kind}: HTTP ${response.status} ${text}`);
  if (!response.ok) fail(`the server refused the ${kind} (HTTP ${response.status})`);
  return JSON.parse(text) as { ResultCode?: string };
}

console.log(
  `Paying Ksh ${amount} to account ${body.BillRefNumber} (TransID ${body.TransID}, TransTime ${body.TransTime}) at ${base}`,
);
const validation = await post('validation');
if (validation.ResultCode !== '0' && !values.unknown) {
  fail('validation refused the account number (C2B00012): M-Pesa would not take the money');
}
await post('confirmation');
if (values.resend) await post('confirmation');
