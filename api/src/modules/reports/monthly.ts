/**
 * The monthly pages (docs/product.md#other-loan-lists, issue 5): loans disbursed and repayments approved in a calendar
 * month of LENDER_TZ, a page at a time, with the month's count, sum and target computed in SQL
 * over the whole month (repository.ts). Sums are numeric in SQL and integer cents here.
 */
import { toRepayment } from '../repayments/service';
import type {
  MonthlyActiveLoansResponse,
  MonthlyApprovedRepaymentsResponse,
  MonthlyLoansQuery,
  MonthlyQuery,
  MonthlyRepaymentsQuery,
} from '@lender/shared/contract/reports';
import type { Executor } from '../../db/client';
import { sumTargets, type TargetKind } from '../targets/service';
import { percentage, toCents, toMoneyNumber, type Cents } from '@lender/shared/domain/cents';
import type { LoanScope, LoansContext } from '../loans/context';
import { pageMeta, pageRequest, type PageRequest } from '../pagination';
import { loanRowsPage } from './pages';
import {
  loansDisbursedIn,
  repaymentsApprovedIn,
  selectRepaymentBatches,
  selectRepaymentPage,
  sumApproved,
  sumDisbursed,
} from './repository';

/** The month asked for, or the current month in LENDER_TZ. */
export function resolveMonth(today: string, query: Pick<MonthlyQuery, 'month' | 'year'>) {
  return {
    year: query.year ?? Number(today.slice(0, 4)),
    month: query.month ?? Number(today.slice(5, 7)),
  };
}

/** First and last business date of a month (inclusive). */
export function monthRange(year: number, month: number): { start: string; end: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(lastDay)}` };
}

/** The summary figures of a monthly page (pure). */
export function targetSummary(totalCents: Cents, targetCents: Cents) {
  const deficit = targetCents > totalCents ? targetCents - totalCents : 0n;
  return {
    total_amount_sum: toMoneyNumber(totalCents),
    target_amount: toMoneyNumber(targetCents),
    deficit: toMoneyNumber(deficit),
    percentage: percentage(totalCents, targetCents),
  };
}

/**
 * The target of a kind for a scope: an officer's own (or the one an admin narrowed to); for an
 * admin's whole company the company-wide target, else the sum of the officers' targets.
 */
export async function targetFor(
  db: Executor,
  kind: TargetKind,
  scope: LoanScope,
  year: number,
  month: number,
): Promise<Cents> {
  const sum = async (holder: Parameters<typeof sumTargets>[4]) => {
    const { n, amount } = await sumTargets(db, kind, year, month, holder);
    return { n, cents: toCents(amount) };
  };
  if (scope.officerId !== undefined) return (await sum({ officerId: scope.officerId })).cents;
  const company = await sum('company');
  if (company.n > 0) return company.cents;
  return (await sum('officers')).cents;
}

/** A month's first and last business dates, of the month asked for or today's. */
const monthOf = (ctx: LoansContext, query: Pick<MonthlyQuery, 'month' | 'year'>) => {
  const { year, month } = resolveMonth(ctx.today(), query);
  return { year, month, range: monthRange(year, month) };
};

/** The loans of the monthly disbursement page (and its export): disbursed in the month, in scope. */
export function monthlyLoansCondition(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyQuery, 'month' | 'year'>,
) {
  return loansDisbursedIn(monthOf(ctx, query).range, ctx.timeZone, scope.officerId);
}

/**
 * What a monthly page sums against its target of each kind: the month's disbursements, or its
 * approved repayments (from the summary by disbursement or approval day, migration 0016).
 */
const MONTHLY_SUM: Record<TargetKind, typeof sumDisbursed> = {
  disbursement: sumDisbursed,
  collection: sumApproved,
};

/**
 * A monthly page: its rows (`page` of the month's request), the month's count and sum and the
 * month's target of `kind`, read together; the page's meta counts the month.
 */
async function monthlyPage<Row>(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyQuery, 'month' | 'year'> & { page: number },
  kind: TargetKind,
  page: (request: PageRequest) => Promise<Row[]>,
) {
  const { year, month, range } = monthOf(ctx, query);
  const request = pageRequest(query.page);
  const [rows, summed, target] = await Promise.all([
    page(request),
    MONTHLY_SUM[kind](ctx.db, range, scope.officerId),
    targetFor(ctx.db, kind, scope, year, month),
  ]);
  return {
    rows,
    count: summed.count,
    meta: pageMeta(request, summed.count),
    targets: targetSummary(toCents(summed.total), target),
  };
}

export async function monthlyActiveLoans(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyLoansQuery, 'month' | 'year' | 'page' | 'sort' | 'order'>,
): Promise<MonthlyActiveLoansResponse> {
  const page = (request: PageRequest) =>
    loanRowsPage(ctx, monthlyLoansCondition(ctx, scope, query), request, query);
  const { rows, count, meta, targets } = await monthlyPage(ctx, scope, query, 'disbursement', page);
  return { loans: rows, meta, summary: { loan_count: count, ...targets } };
}

/** The repayments of the monthly collection page (and its export): approved in the month, in scope. */
const monthlyRepaymentsCondition = (
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyQuery, 'month' | 'year'>,
) => repaymentsApprovedIn(ctx.db, monthOf(ctx, query).range, ctx.timeZone, scope.officerId);

export async function monthlyApprovedRepayments(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyRepaymentsQuery, 'month' | 'year' | 'page' | 'sort' | 'order'>,
): Promise<MonthlyApprovedRepaymentsResponse> {
  const page = (request: PageRequest) =>
    selectRepaymentPage(ctx.db, monthlyRepaymentsCondition(ctx, scope, query), request, query);
  const { rows, count, meta, targets } = await monthlyPage(ctx, scope, query, 'collection', page);
  return { repayments: rows.map(toRepayment), meta, summary: { repayment_count: count, ...targets } };
}

/**
 * Every repayment of the monthly collection page (the month, the scope, the page's order), a batch
 * of EXPORT_BATCH_ROWS at a time, for its export.
 */
export const monthlyRepaymentBatches = (
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyRepaymentsQuery, 'month' | 'year' | 'sort' | 'order'>,
) => selectRepaymentBatches(ctx.db, monthlyRepaymentsCondition(ctx, scope, query), query);
