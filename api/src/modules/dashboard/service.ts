/**
 * The dashboard (its SQL is repository.ts): the figures of the book as of today, and the trends
 * (issue 14): disbursed and collected per week for the last TREND_WEEKS
 * weeks (Monday to Sunday in LENDER_TZ, the current week last) beside the weeks' share of the
 * monthly targets, and PAR30 from the daily snapshots. Every figure comes from a per-officer, per-day
 * summary (loan_disbursal_summary, repayment_paid_summary, portfolio_snapshots), so a request
 * reads a few rows per officer and day of the range, whatever the size of the book.
 */
import {
  TREND_WEEKS,
  type DashboardAnalytics,
  type DashboardTrends,
} from '@lender/shared/contract/dashboard';
import { addDays, daysBetween } from '../../domain/loan-engine';
import { divideRounded, toCents, toMoneyNumber, type Cents } from '@lender/shared/domain/cents';
import { portfolioAtRisk } from '../reports/ratios';
import { targetFor } from '../reports/monthly';
import { sumDisbursedByDay, sumPaidByDay } from '../reports/service';
import { listOfficers } from '../users/service';
import type { LoanScope, LoansContext } from '../loans/context';
import { selectDashboardFigures, snapshotsBetween } from './repository';

/**
 * The dashboard's counts and sums over the caller's scope, as counting the loans by status as of
 * today would give them (the lists' rule):
 * - defaulted as of today is the stored defaulted loans, plus the open ones past the threshold that
 *   the ageing pass has not reached yet, less any stored defaulted not past it (a later date or a
 *   raised threshold);
 * - active as of today is the rest of the dated loans.
 */
export async function dashboardAnalytics(ctx: LoansContext, scope: LoanScope): Promise<DashboardAnalytics> {
  const figures = await selectDashboardFigures(
    { db: ctx.db, today: ctx.today(), thresholdDays: ctx.policy.defaultThresholdDays },
    scope.officerId,
  );
  const count = (value: string | undefined) => Number(value ?? 0);
  const defaulted =
    count(figures?.storedDefaulted) + count(figures?.pastThreshold) - count(figures?.notPastThreshold);
  return {
    active_loans: count(figures?.dated) - defaulted,
    due_today: count(figures?.dueToday),
    defaulted_loans: defaulted,
    cleared_loans: count(figures?.cleared),
    repossessed: count(figures?.repossessed),
    amount_collected: toMoneyNumber(toCents(figures?.collected ?? '0')),
    amount_financed: toMoneyNumber(toCents(figures?.financed ?? '0')),
  };
}

/** The Monday of the week of `day` (a business date). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The weeks' share of the monthly targets: each day carries its month's target ÷ the month's
 * days, summed over the week's days (a week across two months takes part of each). A share rather
 * than the month's figure drawn as a line: the bars are a week's, and a month's target beside them
 * would be four times their height, squashing them; the share reads directly against each bar.
 */
async function weeklyTargetShares(
  ctx: LoansContext,
  scope: LoanScope,
  mondays: string[],
): Promise<{ disbursement: Cents; collection: Cents }[]> {
  const months = new Map<string, { year: number; month: number }>();
  for (const monday of mondays) {
    for (let d = 0; d < 7; d += 1) {
      const [year, month] = addDays(monday, d).split('-').map(Number) as [number, number];
      months.set(`${year}-${month}`, { year, month });
    }
  }
  const targets = new Map<string, { disbursement: Cents; collection: Cents }>();
  await Promise.all(
    [...months].map(async ([key, { year, month }]) => {
      const [disbursement, collection] = await Promise.all([
        targetFor(ctx.db, 'disbursement', scope, year, month),
        targetFor(ctx.db, 'collection', scope, year, month),
      ]);
      targets.set(key, { disbursement, collection });
    }),
  );
  return mondays.map((monday) => {
    // Days of the week in each month, then that many days' worth of the month's target, rounded
    // once per month so that a whole month's weeks add up to its target within a cent or two.
    const daysByMonth = new Map<string, number>();
    for (let d = 0; d < 7; d += 1) {
      const [year, month] = addDays(monday, d).split('-').map(Number) as [number, number];
      daysByMonth.set(`${year}-${month}`, (daysByMonth.get(`${year}-${month}`) ?? 0) + 1);
    }
    let disbursement = 0n;
    let collection = 0n;
    for (const [key, days] of daysByMonth) {
      const [year, month] = key.split('-').map(Number) as [number, number];
      const target = targets.get(key);
      if (!target) continue;
      const length = BigInt(daysInMonth(year, month));
      disbursement += divideRounded(target.disbursement * BigInt(days), length);
      collection += divideRounded(target.collection * BigInt(days), length);
    }
    return { disbursement, collection };
  });
}

/** Sums of a per-day summary by week index (0 = the oldest week). */
function byWeek(rows: { day: string; amount: string }[], first: string): Cents[] {
  const sums = Array.from({ length: TREND_WEEKS }, () => 0n);
  for (const row of rows) {
    const week = Math.floor(daysBetween(first, row.day) / 7);
    if (week >= 0 && week < TREND_WEEKS) sums[week] = (sums[week] ?? 0n) + toCents(row.amount);
  }
  return sums;
}

export async function dashboardTrends(
  ctx: LoansContext,
  scope: LoanScope,
  isAdmin: boolean,
): Promise<DashboardTrends> {
  const today = ctx.today();
  const lastMonday = mondayOf(today);
  const first = addDays(lastMonday, -7 * (TREND_WEEKS - 1));
  const last = addDays(lastMonday, 6);
  const mondays = Array.from({ length: TREND_WEEKS }, (_, week) => addDays(first, 7 * week));
  const officerId = scope.officerId;
  const range = { start: first, end: last };

  const [disbursedRows, collectedRows, snapshots, targets, officers] = await Promise.all([
    sumDisbursedByDay(ctx.db, range, officerId),
    sumPaidByDay(ctx.db, range, officerId),
    snapshotsBetween(ctx.db, first, last, officerId),
    weeklyTargetShares(ctx, scope, mondays),
    isAdmin ? listOfficers(ctx.db) : Promise.resolve([]),
  ]);

  const disbursed = byWeek(disbursedRows, first);
  const collected = byWeek(collectedRows, first);
  // The week's latest snapshot (rows come oldest first, so a later day overwrites).
  const latest = new Map<number, { day: string; outstanding: string; par30: string }>();
  for (const row of snapshots) latest.set(Math.floor(daysBetween(first, row.day) / 7), row);

  return {
    today,
    weeks: mondays.map((monday, week) => {
      const snapshot = latest.get(week);
      return {
        week_start: monday,
        week_end: addDays(monday, 6),
        disbursed: toMoneyNumber(disbursed[week] ?? 0n),
        collected: toMoneyNumber(collected[week] ?? 0n),
        disbursement_target: toMoneyNumber(targets[week]?.disbursement ?? 0n),
        collection_target: toMoneyNumber(targets[week]?.collection ?? 0n),
        par30: snapshot ? portfolioAtRisk(toCents(snapshot.par30), toCents(snapshot.outstanding)) : null,
        par30_as_of: snapshot?.day ?? null,
      };
    }),
    officers: officers.map((o) => ({ id: o.id, name: `${o.firstName} ${o.lastName}` })),
  };
}
