/**
 * Repayment approval and the repayment lists (docs/product.md#roles-and-scope, #the-financed-phone, #repayment-rules; docs/product.md#repayment-lists).
 */
import { queueReceipt } from '../messages/service';
import { dateRangeError, type SortOrder } from '@lender/shared/contract/common';
import { MPESA_ACTOR_NAME, type Repayment, type RepaymentsPage } from '@lender/shared/contract/repayments';
import { repaymentList, type RepaymentSort } from '@lender/shared/contract/repayment-lists';
import type { LoanStatus, RepaymentStatus } from '@lender/shared/domain/statuses';
import type { Executor } from '../../db/client';
import { inBook } from '../../domain/book-scope';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { validateRepaymentAmount } from '../../domain/loan-engine';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { evaluateStoredLoan } from '../loans/engine-input';
import { findLoan, type RepaymentRecord } from '../loans/service';
import { recomputeLoan } from '../loans/engine-input';
import { type LoanScope, type LoansContext } from '../loans/context';
import { countLimit, pageMeta, pageRequest } from '../pagination';
import {
  findRepayment,
  listRepayments,
  markRepaymentPaid,
  markRepaymentRejected,
  type RepaymentListFilter,
  type RepaymentListKind,
} from './repository';

export type { RepaymentListKind };

export const ALREADY_APPROVED = 'This repayment has already been approved';
export const ALREADY_REJECTED = 'This repayment has already been rejected';

/** The 409 for a repayment no longer pending, saying what became of it. */
const alreadyDecided = (status: RepaymentStatus | undefined) =>
  new ConflictError(status === 'rejected' ? ALREADY_REJECTED : ALREADY_APPROVED);

const notFound = (id: number) => new NotFoundError(`Repayment ${id} not found`);

/**
 * The repayment in the caller's book with its loan locked (so decisions on a loan queue there),
 * read again under the lock and still pending (404 outside the book, 409 saying what it became).
 */
async function lockPendingRepayment(tx: Executor, caller: Caller, id: number) {
  const found = await findRepayment(tx, id);
  if (!found || !inBook(caller, found.officerId)) throw notFound(id);
  const loan = await findLoan(tx, found.repayment.loanId, { forUpdate: true });
  if (!loan) throw notFound(id);
  // Read again under the loan's lock: a concurrent decision may have committed meanwhile.
  const current = await findRepayment(tx, id);
  if (!current || current.repayment.status !== 'pending') throw alreadyDecided(current?.repayment.status);
  return { loan, repayment: current.repayment };
}

/**
 * Approves a pending repayment, in one transaction: locks the loan's row (approvals of one loan
 * queue there), re-reads the repayment (only from pending, else 409), re-checks the amount against
 * the balance left by the repayments already approved (two pending repayments may each have fit;
 * 409 naming the balance), marks it paid with a guarded update (exactly one of concurrent
 * approvals wins), recomputes the loan (paid amount, balance, status, device status) and audits.
 */
export async function approveRepayment(ctx: LoansContext, caller: Caller, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const today = ctx.today();
    const { loan, repayment } = await lockPendingRepayment(tx, caller, id);

    const evaluation = await evaluateStoredLoan(tx, loan, today, ctx.policy);
    const check = validateRepaymentAmount(evaluation, toCents(repayment.amount));
    if (!check.ok) throw new ConflictError(check.message);

    const approved = await markRepaymentPaid(tx, id, caller.id, now);
    if (!approved) throw alreadyDecided((await findRepayment(tx, id))?.repayment.status);
    const recomputed = await recomputeLoan(tx, loan.id, today, ctx.policy, {
      now,
      timeZone: ctx.timeZone,
      actorId: caller.id,
    });
    await queueReceipt(tx, loan.id, approved.amount, now, ctx.timeZone);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'repayment.approved',
      entity: 'repayment',
      entityId: id,
      loanId: loan.id,
      before: { status: repayment.status, loan: recomputed.before },
      after: {
        status: approved.status,
        amount: approved.amount,
        mpesa_code: approved.mpesaCode,
        approved_at: approved.approvedAt?.toISOString() ?? null,
        loan: recomputed.after,
      },
    });
  });
}

/**
 * Rejects a pending repayment (the code is not on the statement, the amount was mistyped), in one
 * transaction: locks the loan's row (so it queues with approvals of the loan), re-reads the
 * repayment (only from pending, else 409 saying what became of it), marks it rejected with who,
 * when and why by a guarded update (exactly one of concurrent decisions wins) and audits it on the
 * loan's history. It never counted as paid, so the loan's paid figures stay; what awaits approval
 * (pending_amount, the Lock refusal) is read from the pending repayments and drops it at once. Its
 * M-Pesa code may be recorded again (mpesa-codes claimMpesaCode).
 */
export async function rejectRepayment(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  reason: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const { loan, repayment } = await lockPendingRepayment(tx, caller, id);

    const rejected = await markRepaymentRejected(tx, id, {
      rejectedBy: caller.id,
      rejectedAt: now,
      rejectionReason: reason,
    });
    if (!rejected) throw alreadyDecided((await findRepayment(tx, id))?.repayment.status);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'repayment.rejected',
      entity: 'repayment',
      entityId: id,
      loanId: loan.id,
      before: { status: repayment.status },
      after: {
        status: rejected.status,
        amount: rejected.amount,
        mpesa_code: rejected.mpesaCode,
        reason: rejected.rejectionReason,
        rejected_at: rejected.rejectedAt?.toISOString() ?? null,
      },
    });
  });
}

/** A repayment row with what the lists show beside it; the recorder is null for a paybill payment. */
export interface RepaymentListRow {
  repayment: RepaymentRecord;
  firstName: string;
  lastName: string;
  loanStatus: LoanStatus;
  createdByFirstName: string | null;
  createdByLastName: string | null;
}

export const toRepayment = (row: RepaymentListRow): Repayment => ({
  id: row.repayment.id,
  loan_id: row.repayment.loanId,
  customer_id: row.repayment.customerId,
  customer_name: `${row.firstName} ${row.lastName}`,
  amount: toMoneyNumber(toCents(row.repayment.amount)),
  mpesa_code: row.repayment.mpesaCode,
  paid_date: row.repayment.paidDate,
  due_date: row.repayment.dueDate,
  created_at: row.repayment.createdAt.toISOString(),
  created_by: row.repayment.createdBy,
  created_by_name:
    row.createdByFirstName === null
      ? MPESA_ACTOR_NAME
      : `${row.createdByFirstName} ${row.createdByLastName ?? ''}`,
  source: row.repayment.source,
  loan_status: row.loanStatus,
  status: row.repayment.status,
  approved_at: row.repayment.approvedAt?.toISOString() ?? null,
  rejected_at: row.repayment.rejectedAt?.toISOString() ?? null,
  rejection_reason: row.repayment.rejectionReason,
});

/** What a repayment list request asks for, besides its page. */
export interface RepaymentListRequest {
  search?: string | undefined;
  status?: RepaymentStatus | undefined;
  productId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: RepaymentSort | undefined;
  order?: SortOrder | undefined;
}

/**
 * Which repayments a list request asks for, in which order, within the caller's scope: the one
 * filter the list's pages and its export both read (repository repaymentListCondition). A range
 * ending before it starts is a 400 naming `from`.
 */
export function repaymentListFilter(
  kind: RepaymentListKind,
  scope: LoanScope,
  query: RepaymentListRequest,
): RepaymentListFilter {
  const rangeError = dateRangeError(query);
  if (rangeError) throw ValidationError.field('from', rangeError);
  return {
    kind,
    // Only a list whose rows differ in status narrows by it (the others check it and ignore it).
    status: repaymentList(kind).filters.statuses ? query.status : undefined,
    officerId: scope.officerId,
    productId: query.productId,
    search: query.search,
    from: query.from,
    to: query.to,
    sort: query.sort,
    order: query.order,
  };
}

/** A page of repayments in the caller's scope (an officer: the repayments of loans in their book). */
export async function listRepaymentsPage(
  ctx: LoansContext,
  kind: RepaymentListKind,
  scope: LoanScope,
  query: RepaymentListRequest & { page: number },
): Promise<RepaymentsPage> {
  const request = pageRequest(query.page);
  const { rows, total } = await listRepayments(ctx.db, repaymentListFilter(kind, scope, query), request);
  return { data: rows.map(toRepayment), meta: pageMeta(request, total, countLimit(request)) };
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { repaymentListBatches } from './repository';
