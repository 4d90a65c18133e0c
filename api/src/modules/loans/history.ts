/** A loan's history: its audit entries as the contract shows them. */
import { MPESA_ACTOR_NAME } from '@lender/shared/contract/repayments';
import type { LoanHistoryEntry } from '@lender/shared/contract/loans';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { loanInScope, type LoansContext } from './context';
import { listLoanHistory } from './repository';

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** Loan history entries written by M-Pesa's callbacks (modules/mpesa) rather than a user. */
const MPESA_ACTIONS = new Set([
  'mpesa.payment_applied',
  'mpesa.amount_differs',
  'mpesa.suspense',
  'repayment.approved',
]);

/**
 * Where an entry's `after` keeps the money it moved: a repayment's or an M-Pesa payment's amount,
 * the amount an application was approved for (disbursed), the principal of the loan made from it,
 * a promise's amount. The first present wins.
 */
const AMOUNT_FIELDS = ['amount', 'disbursed_amount', 'principal', 'promise_amount'] as const;

/** A stored amount (a decimal string or a number) as Ksh, or null when it is none. */
const moneyOf = (value: unknown): number | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return toMoneyNumber(toCents(String(value)));
  } catch {
    return null;
  }
};

type HistoryRecord = Awaited<ReturnType<typeof listLoanHistory>>[number];

/** The money an entry moved; a disbursement's is the loan's principal (its entry names only the code). */
function amountOf(
  entry: HistoryRecord,
  after: Record<string, unknown> | null,
  principal: string,
): number | null {
  if (entry.action === 'loan.disbursed') return moneyOf(principal);
  for (const field of AMOUNT_FIELDS) {
    const amount = moneyOf(after?.[field]);
    if (amount !== null) return amount;
  }
  return null;
}

/** The caller's loan's audit trail, newest first (404 outside their book). */
export async function getLoanHistory(
  ctx: LoansContext,
  caller: Caller,
  id: number,
): Promise<LoanHistoryEntry[]> {
  const loan = await loanInScope(ctx, caller, id);
  return (await listLoanHistory(ctx.db, id)).map((r) => {
    const after = asRecord(r.after);
    return {
      id: r.id,
      action: r.action,
      // Changes without a user are the system's (null), or M-Pesa's for what its callbacks did.
      actor_name: r.actorName ?? (MPESA_ACTIONS.has(r.action) ? MPESA_ACTOR_NAME : null),
      before: asRecord(r.before),
      after,
      amount: amountOf(r, after, loan.principal),
      at: r.at.toISOString(),
    };
  });
}
