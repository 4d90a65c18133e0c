/**
 * The loan lists and the dashboard figures: filtered, ordered, counted and summed in SQL on the
 * stored columns (kept current by every write and the daily ageing pass), a page at a time.
 */
import { and, asc, between, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DashboardAnalytics } from '@lender/shared/contract/dashboard';
import type { LoansPage } from '@lender/shared/contract/loans';
import type { Executor } from '../../db/client';
import { customers, loans, repayments } from '../../db/schema';
import { addDays } from '../../domain/loan-engine';
import { toCents, toMoneyNumber } from '../../domain/money';
import { escapeLike } from '../customers/repository';
import { offsetOf, pageMeta } from '../pagination';
import { toLoanRow, type LoanScope, type LoansContext } from './service';

export const LOANS_PAGE_SIZE = 10;

export type LoanListKind =
  'active' | 'paid' | 'defaulted' | 'pendingDisbursement' | 'dueToday' | 'dueTomorrow' | 'due2to7';

/** Disbursed loans still being repaid: the ones that can fall due (not paid, defaulted or repossessed). */
const OPEN_STATUSES = ['active', 'partially_paid', 'overdue'] as const;

const disbursed = isNotNull(loans.disbursementDate);
const open = and(disbursed, inArray(loans.status, [...OPEN_STATUSES]));

/** Each list: which loans and in what order. */
function listOf(kind: LoanListKind, today: string): { where: SQL | undefined; orderBy: SQL[] } {
  const newestDisbursed = [desc(loans.disbursementDate), desc(loans.id)];
  const byDueDate = [asc(loans.dueDate), asc(loans.id)];
  switch (kind) {
    case 'active':
      return { where: and(disbursed, sql`${loans.status} <> 'paid'`), orderBy: newestDisbursed };
    case 'paid':
      return { where: eq(loans.status, 'paid'), orderBy: newestDisbursed };
    case 'defaulted':
      return { where: eq(loans.status, 'defaulted'), orderBy: byDueDate };
    case 'pendingDisbursement':
      return {
        where: eq(loans.status, 'pending_disbursement'),
        orderBy: [desc(loans.approvedAt), desc(loans.id)],
      };
    case 'dueToday':
      return { where: and(open, eq(loans.dueDate, today)), orderBy: byDueDate };
    case 'dueTomorrow':
      return { where: and(open, eq(loans.dueDate, addDays(today, 1))), orderBy: byDueDate };
    case 'due2to7':
      return {
        where: and(open, between(loans.dueDate, addDays(today, 2), addDays(today, 7))),
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
  const { where, orderBy } = listOf(kind, today);
  const condition = and(where, scoped(scope), nameSearch(query.search));
  const request = { page: query.page, pageSize: LOANS_PAGE_SIZE };
  const db: Executor = ctx.db;
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
    db
      .select({ total: count() })
      .from(loans)
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(condition),
  ]);
  return {
    data: rows.map((row) => toLoanRow(row, today, ctx.dateOf)),
    meta: pageMeta(request, total?.total ?? 0),
  };
}

/** The dashboard's counts and sums over the caller's scope, two aggregate queries. */
export async function dashboardAnalytics(ctx: LoansContext, scope: LoanScope): Promise<DashboardAnalytics> {
  const today = ctx.today();
  const where = scoped(scope);
  const countIf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})::int`;
  const [loanFigures] = await ctx.db
    .select({
      active: countIf(open),
      dueToday: countIf(and(open, eq(loans.dueDate, today))),
      defaulted: countIf(eq(loans.status, 'defaulted')),
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
