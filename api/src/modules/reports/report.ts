/** GET /api/loans/loan-reports: the loans disbursed in a report period and the period's figures. */
import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { LoanReportQuery, LoanReportResponse } from '@lender/shared/contract/reports';
import { customers, loanInstallments, loans, repayments } from '../../db/schema';
import { addDays } from '../../domain/loan-engine';
import { periodRange } from '../../domain/report-periods';
import { toCents, toMoneyNumber } from '../../domain/money';
import { toLoanRow, type LoanScope, type LoansContext } from '../loans/service';
import { businessDay } from './monthly';
import { collectionRate, portfolioAtRisk } from './ratios';

/** The loans PAR is computed over: disbursed and open (not paid, and not repossessed). */
const PAR_STATUSES = ['active', 'partially_paid', 'overdue', 'defaulted'] as const;

/**
 * The remaining balance (numeric, as text) of the loans more than `days` days late today: their
 * earliest uncovered installment fell due before today − days (1 day late is not more than 1).
 */
const atRiskBalance = (today: string, days: number) =>
  sql<string>`coalesce(sum(${loans.remainingBalance}) filter (where ${loans.dueDate} < ${addDays(today, -days)}::date), 0)::text`;

export async function loanReport(
  ctx: LoansContext,
  scope: LoanScope,
  query: LoanReportQuery,
): Promise<LoanReportResponse> {
  const today = ctx.today();
  const range = periodRange(query.period, today, { start: query.start_date, end: query.end_date });
  const scoped = scope.officerId === undefined ? undefined : eq(loans.officerId, scope.officerId);
  const within = (column: SQL) =>
    range ? sql`${column} between ${range.start}::date and ${range.end}::date` : undefined;
  const loanWhere = and(
    isNotNull(loans.disbursementDate),
    within(businessDay(loans.disbursementDate, ctx.timeZone)),
    scoped,
  );
  const rows = await ctx.db
    .select({
      loan: loans,
      firstName: customers.firstName,
      lastName: customers.lastName,
      nationalId: customers.nationalId,
      phone: customers.phone,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(loanWhere)
    .orderBy(asc(loans.disbursementDate), asc(loans.id));

  const [paid] = await ctx.db
    .select({
      total: sql<string>`coalesce(sum(${repayments.amount}), 0)::text`,
      repossessed: sql<string>`coalesce(sum(${repayments.amount}) filter (where ${loans.status} = 'repossessed'), 0)::text`,
    })
    .from(repayments)
    .innerJoin(loans, eq(loans.id, repayments.loanId))
    .where(and(eq(repayments.status, 'paid'), within(sql`${repayments.paidDate}`), scoped));

  // Installments that fell due in the period (for 'all': up to today), on the scope's disbursed loans.
  const [due] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${loanInstallments.amount}), 0)::text` })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.id, loanInstallments.loanId))
    .where(
      and(
        isNotNull(loans.disbursementDate),
        range ? within(sql`${loanInstallments.dueDate}`) : lte(loanInstallments.dueDate, today),
        scoped,
      ),
    );

  // Portfolio at risk over the scope's open disbursed loans (all of them, not only the period's):
  // one aggregate over loans.due_date, the due date of the earliest installment not fully covered,
  // which recomputeLoan keeps current on every write and the ageing pass every night.
  const [risk] = await ctx.db
    .select({
      total: sql<string>`coalesce(sum(${loans.remainingBalance}), 0)::text`,
      par1: atRiskBalance(today, 1),
      par30: atRiskBalance(today, 30),
    })
    .from(loans)
    .where(and(isNotNull(loans.disbursementDate), inArray(loans.status, [...PAR_STATUSES]), scoped));
  const openBalance = toCents(risk?.total ?? '0');

  const count = (status: string) => rows.filter((r) => r.loan.status === status).length;
  const totalPaid = toCents(paid?.total ?? '0');
  return {
    period: query.period,
    start_date: range?.start ?? null,
    end_date: range?.end ?? null,
    loans: rows.map((row) => toLoanRow(row, today, ctx.dateOf)),
    summary: {
      total_paid: toMoneyNumber(totalPaid),
      total_disbursed: toMoneyNumber(rows.reduce((sum, r) => sum + toCents(r.loan.principal), 0n)),
      active_loans: count('active'),
      cleared_loans: count('paid'),
      overdue_loans: count('overdue'),
      partially_paid_loans: count('partially_paid'),
      defaulted_loans: count('defaulted'),
      repossessed_loans: count('repossessed'),
      repossessed_collections: toMoneyNumber(toCents(paid?.repossessed ?? '0')),
      par1: portfolioAtRisk(toCents(risk?.par1 ?? '0'), openBalance),
      par30: portfolioAtRisk(toCents(risk?.par30 ?? '0'), openBalance),
      collection_rate: collectionRate(totalPaid, toCents(due?.total ?? '0')),
    },
  };
}
