/**
 * The loan lists and the dashboard figures: filtered, ordered, counted and summed in SQL on the
 * stored columns (kept current by every write and the daily ageing pass), a page at a time.
 */
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DashboardAnalytics } from '@lender/shared/contract/dashboard';
import type { LoansPage } from '@lender/shared/contract/loans';
import type { Executor } from '../../db/client';
import { customers, loans, repayments } from '../../db/schema';
import { addDays, DATED_STATUSES } from '../../domain/loan-engine';
import { toCents, toMoneyNumber } from '../../domain/money';
import { escapeLike } from '../customers/repository';
import { countLimit, offsetOf, pageMeta } from '../pagination';
import { toLoanRows, type LoanScope, type LoansContext } from './service';

export const LOANS_PAGE_SIZE = 10;

export type LoanListKind =
  'active' | 'paid' | 'defaulted' | 'pendingDisbursement' | 'dueToday' | 'dueTomorrow' | 'due2to7';

const disbursed = isNotNull(loans.disbursementDate);

/*
 * Statuses as of today. The stored status may predate today (just after midnight, before the
 * ageing pass reaches the loan), so the lists and counts that depend on the date do not filter on
 * it: among the statuses the date moves a loan between (active, partially paid, overdue,
 * defaulted), a loan is defaulted as of today exactly when its due_date (the earliest uncovered
 * installment, which does not move with the date) is more than DEFAULT_THRESHOLD_DAYS before today,
 * and open (being repaid: active, partially paid or overdue) otherwise. The same rule as the
 * engine's statusAsOf, which toLoanRow applies to each row shown.
 */
const dated = and(disbursed, inArray(loans.status, [...DATED_STATUSES]));
const defaultedSince = (today: string, thresholdDays: number) => addDays(today, -thresholdDays);
const defaultedAsOf = (today: string, thresholdDays: number) =>
  and(dated, lt(loans.dueDate, defaultedSince(today, thresholdDays)));
const openAsOf = (today: string, thresholdDays: number) =>
  and(dated, or(isNull(loans.dueDate), gte(loans.dueDate, defaultedSince(today, thresholdDays))));
/** Open loans falling due on or after today: none of them can be defaulted today. */
const dueFrom = dated;

/** Each list: which loans and in what order. */
function listOf(
  kind: LoanListKind,
  today: string,
  thresholdDays: number,
): { where: SQL | undefined; orderBy: SQL[] } {
  const newestDisbursed = [desc(loans.disbursementDate), desc(loans.id)];
  const byDueDate = [asc(loans.dueDate), asc(loans.id)];
  switch (kind) {
    case 'active':
      return { where: and(disbursed, sql`${loans.status} <> 'paid'`), orderBy: newestDisbursed };
    case 'paid':
      // `disbursed` (always true of a paid loan) lets an index scan by disbursement date skip the
      // undisbursed loans, whose null dates come first in this order.
      return { where: and(disbursed, eq(loans.status, 'paid')), orderBy: newestDisbursed };
    case 'defaulted':
      return { where: defaultedAsOf(today, thresholdDays), orderBy: byDueDate };
    case 'pendingDisbursement':
      return {
        where: eq(loans.status, 'pending_disbursement'),
        orderBy: [desc(loans.approvedAt), desc(loans.id)],
      };
    case 'dueToday':
      return { where: and(dueFrom, eq(loans.dueDate, today)), orderBy: byDueDate };
    case 'dueTomorrow':
      return { where: and(dueFrom, eq(loans.dueDate, addDays(today, 1))), orderBy: byDueDate };
    case 'due2to7':
      return {
        where: and(dueFrom, between(loans.dueDate, addDays(today, 2), addDays(today, 7))),
        orderBy: byDueDate,
      };
  }
}

const scoped = (scope: LoanScope) =>
  scope.officerId === undefined ? undefined : eq(loans.officerId, scope.officerId);

function nameSearch(search: string | undefined): SQL | undefined {
  const words = search?.trim().replace(/\s+/g, ' ');
  if (!words) return undefined;
  return ilike(
    sql`${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.firstName}`,
    `%${escapeLike(words)}%`,
  );
}

export async function listLoansPage(
  ctx: LoansContext,
  kind: LoanListKind,
  scope: LoanScope,
  query: { page: number; search?: string | undefined },
): Promise<LoansPage> {
  const today = ctx.today();
  const { where, orderBy } = listOf(kind, today, ctx.policy.defaultThresholdDays);
  const condition = and(where, scoped(scope), nameSearch(query.search));
  const request = { page: query.page, pageSize: LOANS_PAGE_SIZE };
  const db: Executor = ctx.db;
  // The count reads at most countLimit + 1 rows (pagination.ts), and joins customers only to search.
  const limit = countLimit(request);
  const counting = query.search
    ? db
        .select({ one: sql`1` })
        .from(loans)
        .innerJoin(customers, eq(customers.id, loans.customerId))
    : db.select({ one: sql`1` }).from(loans);
  const counted = counting
    .where(condition)
    .limit(limit + 1)
    .as('counted');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        loan: loans,
        firstName: customers.firstName,
        lastName: customers.lastName,
        nationalId: customers.nationalId,
        phone: customers.phone,
      })
      .from(loans)
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(condition)
      .orderBy(...orderBy)
      .limit(offsetOf(request).limit)
      .offset(offsetOf(request).offset),
    db.select({ total: count() }).from(counted),
  ]);
  return {
    data: await toLoanRows(ctx, rows),
    meta: pageMeta(request, total?.total ?? 0, limit),
  };
}

/** The dashboard's counts and sums over the caller's scope, two aggregate queries. */
export async function dashboardAnalytics(ctx: LoansContext, scope: LoanScope): Promise<DashboardAnalytics> {
  const today = ctx.today();
  const threshold = ctx.policy.defaultThresholdDays;
  const where = scoped(scope);
  const countIf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})::int`;
  const [loanFigures] = await ctx.db
    .select({
      active: countIf(openAsOf(today, threshold)),
      dueToday: countIf(and(dueFrom, eq(loans.dueDate, today))),
      defaulted: countIf(defaultedAsOf(today, threshold)),
      cleared: countIf(eq(loans.status, 'paid')),
      repossessed: countIf(eq(loans.status, 'repossessed')),
      financed: sql<string>`coalesce(sum(${loans.principal}) filter (where ${disbursed}), 0)::text`,
    })
    .from(loans)
    .where(where);
  const [collected] = await ctx.db
    .select({ amount: sql<string>`coalesce(sum(${repayments.amount}), 0)::text` })
    .from(repayments)
    .innerJoin(loans, eq(loans.id, repayments.loanId))
    .where(and(eq(repayments.status, 'paid'), where));
  return {
    active_loans: Number(loanFigures?.active ?? 0),
    due_today: Number(loanFigures?.dueToday ?? 0),
    defaulted_loans: Number(loanFigures?.defaulted ?? 0),
    cleared_loans: Number(loanFigures?.cleared ?? 0),
    repossessed: Number(loanFigures?.repossessed ?? 0),
    amount_collected: toMoneyNumber(toCents(collected?.amount ?? '0')),
    amount_financed: toMoneyNumber(toCents(loanFigures?.financed ?? '0')),
  };
}
