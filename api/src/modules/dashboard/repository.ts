/**
 * The SQL of the dashboard's figures (service.ts is their service): the counts and sums of the
 * book as of today, and the daily portfolio snapshots its PAR30 trend reads.
 */
import { and, between, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { preparedStatement, type Database, type Executor } from '../../db/client';
import {
  loanBookCollected,
  loanBookSummary,
  loanDueSummary,
  loans,
  portfolioSnapshots,
} from '../../db/schema';
import { DATED_STATUSES, defaultedSince } from '../../domain/loan-engine';

/** What the figures read of the day: the database, today and the default threshold. */
export interface DashboardQuery {
  db: Database;
  today: string;
  thresholdDays: number;
}

/** The loans the date moves between statuses (the loan lists' rule, loans/lists-repository.ts). */
const dated = and(isNotNull(loans.disbursementDate), inArray(loans.status, [...DATED_STATUSES]));

/** The statuses the date moves a loan between, less defaulted: the open ones. */
const OPEN_DATED = DATED_STATUSES.filter((status) => status !== 'defaulted');

const todayPlaceholder = sql.placeholder('today');
const cutoffPlaceholder = sql.placeholder('defaultedSince');
const officerPlaceholder = sql.placeholder('officerId');

/**
 * The dashboard's counts and sums (service.ts dashboardAnalytics says what they mean) in one
 * statement prepared once for everyone's figures and once for an officer's. It costs the same at
 * any book size: the stored statuses' counts and principal, the approved repayments and the dated
 * loans by due date come from the per-officer summaries (loan_book_summary, loan_book_collected,
 * loan_due_summary, kept by migration 0009's triggers); only the corrections for statuses as of
 * today read loans: ranges of loans_dated_status_due_idx, normally empty, read from the index
 * alone. They are read for everyone and the officer is picked by a FILTER, not a WHERE, so that
 * the planner does not intersect them with the officer's whole book (loans_officer_idx).
 */
export async function selectDashboardFigures(q: DashboardQuery, officerId: number | undefined) {
  const scoped = officerId !== undefined;
  const [figures] = await preparedStatement(q.db, `dashboard${scoped ? '_officer' : ''}`, (name) =>
    dashboardStatement(q.db, scoped).prepare(name),
  ).execute({ today: q.today, defaultedSince: defaultedSince(q.today, q.thresholdDays), officerId });
  return figures;
}

/** dashboardAnalytics' query, with placeholders for today, the threshold's cutoff and the officer. */
function dashboardStatement(db: Database, scoped: boolean) {
  const cutoff = cutoffPlaceholder;
  const ofOfficer = (column: AnyPgColumn) => (scoped ? sql`${column} = ${officerPlaceholder}` : sql`true`);
  const countLoans = (condition: SQL | undefined) =>
    sql`(select count(*) filter (where ${ofOfficer(loans.officerId)}) from ${loans} where ${condition})`;
  const summed = (condition: SQL) =>
    sql`coalesce(sum(${loanBookSummary.loans}) filter (where ${condition}), 0)`;
  return db
    .select({
      dated: sql<string>`${summed(sql`${loanBookSummary.disbursed} and ${inArray(loanBookSummary.status, [...DATED_STATUSES])}`)}::text`,
      storedDefaulted: sql<string>`${summed(sql`${loanBookSummary.disbursed} and ${loanBookSummary.status} = 'defaulted'`)}::text`,
      cleared: sql<string>`${summed(sql`${loanBookSummary.status} = 'paid'`)}::text`,
      repossessed: sql<string>`${summed(sql`${loanBookSummary.status} = 'repossessed'`)}::text`,
      financed: sql<string>`coalesce(sum(${loanBookSummary.principal}) filter (where ${loanBookSummary.disbursed}), 0)::text`,
      pastThreshold: sql<string>`${countLoans(
        and(dated, inArray(loans.status, OPEN_DATED), lt(loans.dueDate, cutoff)),
      )}::text`,
      // Two ranges, not an OR, so that each is read from the index alone.
      notPastThreshold: sql<string>`(${countLoans(
        and(dated, eq(loans.status, 'defaulted'), gte(loans.dueDate, cutoff)),
      )} + ${countLoans(and(dated, eq(loans.status, 'defaulted'), isNull(loans.dueDate)))})::text`,
      dueToday: sql<string>`(select coalesce(sum(${loanDueSummary.loans}), 0) from ${loanDueSummary}
        where ${loanDueSummary.dueDate} = ${todayPlaceholder} and ${ofOfficer(loanDueSummary.officerId)})::text`,
      collected: sql<string>`(select coalesce(sum(${loanBookCollected.amount}), 0) from ${loanBookCollected}
        where ${ofOfficer(loanBookCollected.officerId)})::text`,
    })
    .from(loanBookSummary)
    .where(ofOfficer(loanBookSummary.officerId));
}

/**
 * The snapshots of the days from `from` to `to`, summed over the scope (one officer or everyone);
 * the loans' ageing pass writes them (loans/portfolio-snapshots-repository.ts).
 */
export async function snapshotsBetween(
  db: Executor,
  from: string,
  to: string,
  officerId: number | undefined,
): Promise<{ day: string; outstanding: string; par30: string }[]> {
  return db
    .select({
      day: portfolioSnapshots.businessDate,
      outstanding: sql<string>`sum(${portfolioSnapshots.outstanding})::text`,
      par30: sql<string>`sum(${portfolioSnapshots.par30})::text`,
    })
    .from(portfolioSnapshots)
    .where(
      and(
        between(portfolioSnapshots.businessDate, from, to),
        officerId === undefined ? undefined : eq(portfolioSnapshots.officerId, officerId),
      ),
    )
    .groupBy(portfolioSnapshots.businessDate)
    .orderBy(portfolioSnapshots.businessDate);
}
