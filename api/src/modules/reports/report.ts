/**
 * GET /api/loans/loan-reports: one page of the loans disbursed in a report period, and the
 * period's figures, read from the summary tables the triggers keep (migrations 0013-0018) in one
 * statement: a few thousand rows at 1M loans, whatever the period.
 */
import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LoanReportQuery, LoanReportResponse } from '@lender/shared/contract/reports';
import type { LoanStatus } from '@lender/shared/domain/statuses';
import { installmentDueSummary, loanDisbursalSummary, loans, repaymentPaidSummary } from '../../db/schema';
import { addDays, DATED_STATUSES } from '../../domain/loan-engine';
import { periodRange } from '../../domain/report-periods';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { LoanScope, LoansContext } from '../loans/context';
import { pageMeta } from '../pagination';
import { loanRowsPage, REPORT_PAGE_SIZE, withinBusinessDays } from './pages';
import { collectionRate, portfolioAtRisk } from './ratios';

/** The loans PAR is computed over: disbursed and open (not paid, and not repossessed). */
const PAR_STATUSES = ['active', 'partially_paid', 'overdue', 'defaulted'] as const;
/**
 * A summary row's status as of today in SQL, the rule of statusAsOf (loan-engine): a stored status
 * that moves with the date alone is read from the due date and whether anything is paid, so that
 * the counts agree with the rows (and the lists) before the night's ageing pass has stored it.
 */
const statusAsOfSql = (today: string, thresholdDays: number) => sql`case
  when ${loanDisbursalSummary.status} not in (${sql.join(
    DATED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) then ${loanDisbursalSummary.status}
  when ${loanDisbursalSummary.dueDate} < ${addDays(today, -thresholdDays)}::date then 'defaulted'
  when ${loanDisbursalSummary.dueDate} <= ${today}::date then 'overdue'
  when ${loanDisbursalSummary.partlyPaid} then 'partially_paid'
  else 'active' end`;

/** The loans of the loan report (and its export): disbursed in the period, in scope. */
export function reportLoansCondition(
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<LoanReportQuery, 'period' | 'start_date' | 'end_date'>,
) {
  const range = periodRange(query.period, ctx.today(), { start: query.start_date, end: query.end_date });
  return and(
    range
      ? withinBusinessDays(loans.disbursementDate, range, ctx.timeZone)
      : isNotNull(loans.disbursementDate),
    scope.officerId === undefined ? undefined : eq(loans.officerId, scope.officerId),
  );
}

export async function loanReport(
  ctx: LoansContext,
  scope: LoanScope,
  query: LoanReportQuery,
): Promise<LoanReportResponse> {
  const today = ctx.today();
  const range = periodRange(query.period, today, { start: query.start_date, end: query.end_date });
  const dates = (column: SQL) =>
    range ? sql`${column} between ${range.start}::date and ${range.end}::date` : undefined;
  const loanWhere = reportLoansCondition(ctx, scope, query);
  const request = { page: query.page, pageSize: REPORT_PAGE_SIZE };
  const officerOf = (column: AnyPgColumn) =>
    scope.officerId === undefined ? undefined : eq(column, scope.officerId);
  const statusToday = statusAsOfSql(today, ctx.policy.defaultThresholdDays);
  const inPeriod = dates(sql`${loanDisbursalSummary.day}`) ?? sql`true`;
  const countOf = (status: LoanStatus) =>
    sql<number>`coalesce(sum(${loanDisbursalSummary.loans}) filter (where ${inPeriod} and ${loanDisbursalSummary}.status_today = ${status}), 0)::int`;
  /*
   * The scope's summary rows with their status as of today, computed once a row: OFFSET 0 keeps
   * PostgreSQL from flattening the subquery, which would copy the CASE into each of the six counts
   * (on PGlite, which runs queries on the server's own thread, 7.3 -> 3.4 ms at 10k loans). The
   * scope's condition is inside, where the index serves it; the subquery takes the table's name,
   * so the columns read as from the table.
   */
  const scopeSummary = officerOf(loanDisbursalSummary.officerId);
  const summaryToday = sql`(select *, ${statusToday} as status_today from ${loanDisbursalSummary}
    ${scopeSummary ? sql`where ${scopeSummary}` : sql``} offset 0) as ${loanDisbursalSummary}`;
  const open = sql`${loanDisbursalSummary.status} in (${sql.join(
    PAR_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})`;
  /**
   * The balance (numeric, as text) of the open loans more than `days` days late today: their
   * earliest uncovered installment fell due before today − days (1 day late is not more than 1).
   */
  const atRisk = (days: number) =>
    sql<string>`coalesce(sum(${loanDisbursalSummary.balance}) filter (where ${open} and ${loanDisbursalSummary.dueDate} < ${addDays(today, -days)}::date), 0)::text`;
  // Approved repayments paid in the period on the scope's loans (and those on loans now
  // repossessed), and installments that fell due in it (for 'all': up to today; installments are
  // written at disbursement, so every one is of a disbursed loan): by day from their summaries
  // (migration 0014), as scalar subqueries of the one statement.
  const paidIn = and(dates(sql`${repaymentPaidSummary.paidDate}`), officerOf(repaymentPaidSummary.officerId));
  const paidSum = (repossessedOnly: boolean) =>
    sql<string>`(select coalesce(sum(${repaymentPaidSummary.amount}), 0) from ${repaymentPaidSummary}
      where ${and(paidIn, repossessedOnly ? sql`${repaymentPaidSummary.repossessed}` : undefined) ?? sql`true`})::text`;
  const dueIn =
    and(
      range ? dates(sql`${installmentDueSummary.dueDate}`) : lte(installmentDueSummary.dueDate, today),
      officerOf(installmentDueSummary.officerId),
    ) ?? sql`true`;

  const [rows, [figures]] = await Promise.all([
    loanRowsPage(ctx, loanWhere, request, query),
    // One statement over the scope's rows of the loans' summary by disbursement day (migration
    // 0016), a few thousand at 1M loans: the period's loans (how many: the list's total; principal;
    // counts by status as of today), and the portfolio at risk over all the scope's open disbursed
    // loans (not only the period's) by loans.due_date, the due date of the earliest installment
    // not fully covered, which recomputeLoan keeps current on every write and the ageing pass every
    // night (balances summed by due date, migration 0018); then the two other summaries' sums.
    ctx.db
      .select({
        count: sql<number>`coalesce(sum(${loanDisbursalSummary.loans}) filter (where ${inPeriod}), 0)::int`,
        disbursed: sql<string>`coalesce(sum(${loanDisbursalSummary.principal}) filter (where ${inPeriod}), 0)::text`,
        active: countOf('active'),
        paid: countOf('paid'),
        overdue: countOf('overdue'),
        partiallyPaid: countOf('partially_paid'),
        defaulted: countOf('defaulted'),
        repossessed: countOf('repossessed'),
        openBalance: sql<string>`coalesce(sum(${loanDisbursalSummary.balance}) filter (where ${open}), 0)::text`,
        par1: atRisk(1),
        par30: atRisk(30),
        totalPaid: paidSum(false),
        repossessedPaid: paidSum(true),
        due: sql<string>`(select coalesce(sum(${installmentDueSummary.amount}), 0) from ${installmentDueSummary}
          where ${dueIn})::text`,
      })
      .from(summaryToday),
  ]);
  const openBalance = toCents(figures?.openBalance ?? '0');
  const totalPaid = toCents(figures?.totalPaid ?? '0');
  return {
    period: query.period,
    start_date: range?.start ?? null,
    end_date: range?.end ?? null,
    loans: rows,
    meta: pageMeta(request, Number(figures?.count ?? 0)),
    summary: {
      total_paid: toMoneyNumber(totalPaid),
      total_disbursed: toMoneyNumber(toCents(figures?.disbursed ?? '0')),
      active_loans: Number(figures?.active ?? 0),
      cleared_loans: Number(figures?.paid ?? 0),
      overdue_loans: Number(figures?.overdue ?? 0),
      partially_paid_loans: Number(figures?.partiallyPaid ?? 0),
      defaulted_loans: Number(figures?.defaulted ?? 0),
      repossessed_loans: Number(figures?.repossessed ?? 0),
      repossessed_collections: toMoneyNumber(toCents(figures?.repossessedPaid ?? '0')),
      par1: portfolioAtRisk(toCents(figures?.par1 ?? '0'), openBalance),
      par30: portfolioAtRisk(toCents(figures?.par30 ?? '0'), openBalance),
      collection_rate: collectionRate(totalPaid, toCents(figures?.due ?? '0')),
    },
  };
}
