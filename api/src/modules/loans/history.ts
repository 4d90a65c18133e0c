/** A loan's history: its audit entries as the contract shows them. */
import { MPESA_ACTOR_NAME } from '@lender/shared/contract/repayments';
import type { LoanHistoryEntry } from '@lender/shared/contract/loans';
import { loanRecords } from './loan-records';
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

export const getLoanHistory = loanRecords(listLoanHistory, (r): LoanHistoryEntry => ({
  id: r.id,
  action: r.action,
  // Changes without a user are the system's (null), or M-Pesa's for what its callbacks did.
  actor_name: r.actorName ?? (MPESA_ACTIONS.has(r.action) ? MPESA_ACTOR_NAME : null),
  before: asRecord(r.before),
  after: asRecord(r.after),
  at: r.at.toISOString(),
}));
