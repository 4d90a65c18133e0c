/**
 * The monthly pages (docs/product.md#other-loan-lists, issue 5): loans disbursed and repayments approved in a calendar
 * month of LENDER_TZ, a page at a time, with the month's count, sum and target computed in SQL
 * over the whole month. Sums are numeric in SQL and integer cents here.
 */
import { toRepayment } from '../repayments/service';
import { aliasedTable, and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  MonthlyActiveLoansResponse,
  MonthlyApprovedRepaymentsResponse,
  MonthlyLoansQuery,
  MonthlyQuery,
  MonthlyRepaymentsQuery,
} from '@lender/shared/contract/reports';
import type { Executor } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  customers,
  loanDisbursalSummary,
  loans,
  monthlyTargets,
  repaymentApprovedSummary,
  repayments,
  users,
  TARGET_KINDS,
} from '../../db/schema';
import { percentage, toCents, toMoneyNumber, type Cents } from '@lender/shared/domain/cents';
import type { LoanScope, LoansContext } from '../loans/context';
import {
  EXPORT_BATCH_ROWS,
  keysetAfter,
  keysetBatches,
  offsetOf,
  pageMeta,
  sortOrderBy,
} from '../pagination';
import { loanRowsPage, REPORT_PAGE_SIZE, withinBusinessDays } from './pages';

export type TargetKind = (typeof TARGET_KINDS)[number];

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
  const base = and(
    eq(monthlyTargets.kind, kind),
    eq(monthlyTargets.year, year),
    eq(monthlyTargets.month, month),
  );
  const sumWhere = async (where: SQL | undefined) => {
    const [row] = await db
      .select({
        n: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${monthlyTargets.amount}), 0)::text`,
      })
      .from(monthlyTargets)
      .where(and(base, where));
    return { n: Number(row?.n ?? 0), cents: toCents(row?.amount ?? '0') };
  };
  if (scope.officerId !== undefined)
    return (await sumWhere(eq(monthlyTargets.officerId, scope.officerId))).cents;
  const company = await sumWhere(isNull(monthlyTargets.officerId));
  if (company.n > 0) return company.cents;
  return (await sumWhere(isNotNull(monthlyTargets.officerId))).cents;
}

const scoped = (scope: LoanScope) => officerOf(loans.officerId, scope);
const officerOf = (column: AnyPgColumn, scope: LoanScope) =>
  scope.officerId === undefined ? undefined : eq(column, scope.officerId);
/** A summary's business days in a calendar month. */
const inMonth = (column: AnyPgColumn, year: number, month: number) => {
  const { start, end } = monthRange(year, month);
  return sql`${column} between ${start}::date and ${end}::date`;
};

/** The loans of the monthly disbursement page (and its export): disbursed in the month, in scope. */
export function monthlyLoansCondition(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyQuery, 'month' | 'year'>,
) {
  const { year, month } = resolveMonth(ctx.today(), query);
  return and(
    withinBusinessDays(loans.disbursementDate, monthRange(year, month), ctx.timeZone),
    scoped(scope),
  );
}

export async function monthlyActiveLoans(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyLoansQuery, 'month' | 'year' | 'page' | 'sort' | 'order'>,
): Promise<MonthlyActiveLoansResponse> {
  const { year, month } = resolveMonth(ctx.today(), query);
  const where = monthlyLoansCondition(ctx, scope, query);
  const request = { page: query.page, pageSize: REPORT_PAGE_SIZE };
  const [rows, [sum], target] = await Promise.all([
    loanRowsPage(ctx, where, request, query),
    // The month's count and sum from the loans' summary by disbursement day (migration 0016).
    ctx.db
      .select({
        count: sql<number>`coalesce(sum(${loanDisbursalSummary.loans}), 0)::int`,
        total: sql<string>`coalesce(sum(${loanDisbursalSummary.principal}), 0)::text`,
      })
      .from(loanDisbursalSummary)
      .where(
        and(inMonth(loanDisbursalSummary.day, year, month), officerOf(loanDisbursalSummary.officerId, scope)),
      ),
    targetFor(ctx.db, 'disbursement', scope, year, month),
  ]);
  const count = Number(sum?.count ?? 0);
  return {
    loans: rows,
    meta: pageMeta(request, count),
    summary: { loan_count: count, ...targetSummary(toCents(sum?.total ?? '0'), target) },
  };
}

/**
 * The repayments of the monthly collection page (and its export): approved in the month, in scope.
 * An officer's repayments: a semi-join on their loans, so that the month's repayments are read by
 * repayments_approved_at_idx and no query joins the whole loans table.
 */
function monthlyRepaymentsCondition(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyQuery, 'month' | 'year'>,
) {
  const { year, month } = resolveMonth(ctx.today(), query);
  return and(
    eq(repayments.status, 'paid'),
    withinBusinessDays(repayments.approvedAt, monthRange(year, month), ctx.timeZone),
    scope.officerId === undefined
      ? undefined
      : inArray(
          repayments.loanId,
          ctx.db.select({ id: loans.id }).from(loans).where(eq(loans.officerId, scope.officerId)),
        ),
  );
}

/**
 * The sortable columns of the monthly collection, and the type a keyset compares their values as
 * (carried as text between batches, so that a timestamp keeps its microseconds).
 */
const REPAYMENT_SORT_COLUMNS = {
  amount: { column: repayments.amount, type: 'numeric' },
  paid_date: { column: repayments.paidDate, type: 'date' },
  approved_at: { column: repayments.approvedAt, type: 'timestamptz' },
} satisfies Record<NonNullable<MonthlyRepaymentsQuery['sort']>, { column: AnyPgColumn; type: string }>;

type RepaymentSortRequest = Pick<MonthlyRepaymentsQuery, 'sort' | 'order'>;

/** The page's order: the chosen column (then id) or the oldest approval first. */
const monthlyRepaymentsOrder = (query: RepaymentSortRequest) =>
  sortOrderBy((key) => REPAYMENT_SORT_COLUMNS[key].column, query, repayments.id, [
    asc(repayments.approvedAt),
    asc(repayments.id),
  ]);

const recorder = aliasedTable(users, 'recorder');

/** A repayment of the month with what its row shows: customer, loan status, who recorded it. */
const monthlyRepaymentColumns = {
  repayment: repayments,
  firstName: customers.firstName,
  lastName: customers.lastName,
  loanStatus: loans.status,
  createdByFirstName: recorder.firstName,
  createdByLastName: recorder.lastName,
};

export async function monthlyApprovedRepayments(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyRepaymentsQuery, 'month' | 'year' | 'page' | 'sort' | 'order'>,
): Promise<MonthlyApprovedRepaymentsResponse> {
  const { year, month } = resolveMonth(ctx.today(), query);
  const where = monthlyRepaymentsCondition(ctx, scope, query);
  const request = { page: query.page, pageSize: REPORT_PAGE_SIZE };
  const { limit, offset } = offsetOf(request);
  const orderBy = monthlyRepaymentsOrder(query);
  // The page's ids first (on repayments only), then their loans' status and the names joined in.
  const page = ctx.db
    .select({ id: repayments.id })
    .from(repayments)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page');
  const [rows, [sum], target] = await Promise.all([
    ctx.db
      .select(monthlyRepaymentColumns)
      .from(page)
      .innerJoin(repayments, eq(repayments.id, page.id))
      .innerJoin(loans, eq(loans.id, repayments.loanId))
      .innerJoin(customers, eq(customers.id, repayments.customerId))
      .leftJoin(recorder, eq(recorder.id, repayments.createdBy))
      .orderBy(...orderBy),
    // The month's count and sum from the repayments' summary by approval day (migration 0016).
    ctx.db
      .select({
        count: sql<number>`coalesce(sum(${repaymentApprovedSummary.repayments}), 0)::int`,
        total: sql<string>`coalesce(sum(${repaymentApprovedSummary.amount}), 0)::text`,
      })
      .from(repaymentApprovedSummary)
      .where(
        and(
          inMonth(repaymentApprovedSummary.day, year, month),
          officerOf(repaymentApprovedSummary.officerId, scope),
        ),
      ),
    targetFor(ctx.db, 'collection', scope, year, month),
  ]);
  const count = Number(sum?.count ?? 0);
  return {
    repayments: rows.map(toRepayment),
    meta: pageMeta(request, count),
    summary: { repayment_count: count, ...targetSummary(toCents(sum?.total ?? '0'), target) },
  };
}

/**
 * Every repayment of the monthly collection page (the month, the scope, the page's order), a batch
 * of EXPORT_BATCH_ROWS at a time (keysetBatches), for its export.
 */
export function monthlyRepaymentBatches(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyRepaymentsQuery, 'month' | 'year' | 'sort' | 'order'>,
) {
  const where = monthlyRepaymentsCondition(ctx, scope, query);
  const key = REPAYMENT_SORT_COLUMNS[query.sort ?? 'approved_at'];
  const descending = query.sort !== undefined && query.order === 'desc';
  return keysetBatches(
    (last: { sortKey: string | null; repayment: { id: number } } | undefined) =>
      ctx.db
        .select({ ...monthlyRepaymentColumns, sortKey: sql<string | null>`(${key.column})::text` })
        .from(repayments)
        .innerJoin(loans, eq(loans.id, repayments.loanId))
        .innerJoin(customers, eq(customers.id, repayments.customerId))
        .leftJoin(recorder, eq(recorder.id, repayments.createdBy))
        .where(
          and(
            where,
            // An approved repayment has every sortable column set: the key is never null.
            last
              ? keysetAfter(key, repayments.id, descending, { key: last.sortKey, id: last.repayment.id })
              : undefined,
          ),
        )
        .orderBy(...monthlyRepaymentsOrder(query))
        .limit(EXPORT_BATCH_ROWS),
    EXPORT_BATCH_ROWS,
  );
}
