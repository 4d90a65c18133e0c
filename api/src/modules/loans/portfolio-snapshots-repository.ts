/**
 * The daily portfolio snapshots behind the dashboard's PAR30 trend (issue 14). PAR30 as of a past
 * day cannot be recomputed from today's loans, and recomputing even today's over the book on every
 * request would cost with its size; so the ageing pass, once it has brought the day's due dates
 * current, stores each officer's open balance and the part more than 30 days late, and the trend
 * reads those few rows (dashboard/repository.ts snapshotsBetween).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loanDisbursalSummary, portfolioSnapshots } from '../../db/schema';
import { atRiskBefore, PAR_DAYS, PAR_STATUSES } from '../../domain/portfolio-at-risk';

/**
 * Writes the snapshot of `day` (replacing one already written that day): one aggregate grouped by
 * officer over loan_disbursal_summary, whose rows sum the loans' stored remaining_balance by
 * due_date (the earliest uncovered installment) and status; a few thousand rows at 1M loans, so
 * the pass pays milliseconds for it. The loans counted and the cutoff are the loan report's PAR30.
 */
export async function writePortfolioSnapshot(db: Executor, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(portfolioSnapshots).where(eq(portfolioSnapshots.businessDate, day));
    await tx.execute(sql`insert into ${portfolioSnapshots}
        (${sql.identifier(portfolioSnapshots.businessDate.name)}, ${sql.identifier(portfolioSnapshots.officerId.name)},
         ${sql.identifier(portfolioSnapshots.outstanding.name)}, ${sql.identifier(portfolioSnapshots.par30.name)})
      select ${day}::date, ${loanDisbursalSummary.officerId}, sum(${loanDisbursalSummary.balance}),
        coalesce(sum(${loanDisbursalSummary.balance}) filter (where ${loanDisbursalSummary.dueDate} < ${atRiskBefore(day, PAR_DAYS)}::date), 0)
      from ${loanDisbursalSummary}
      where ${inArray(loanDisbursalSummary.status, [...PAR_STATUSES])}
      group by ${loanDisbursalSummary.officerId}`);
  });
}
