import { z } from 'zod';
import { countSchema, isoDateSchema, moneySchema, scopeQuerySchema } from './common';

/**
 * GET /api/loans/dashboard/analytics. The specification's client sends nothing; an admin may
 * narrow the figures to one officer with officerId (officers always see their own book).
 */
export const dashboardQuerySchema = scopeQuerySchema.pick({ role: true, userId: true, officerId: true });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardAnalyticsSchema = z.object({
  /** Disbursed loans that are not paid, defaulted or repossessed. */
  active_loans: countSchema,
  due_today: countSchema,
  defaulted_loans: countSchema,
  cleared_loans: countSchema,
  repossessed: countSchema,
  /** Sum of approved repayments. */
  amount_collected: moneySchema,
  /** Sum of the principal disbursed. */
  amount_financed: moneySchema,
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalyticsSchema>;

/** The weeks the dashboard's trends cover: the current week last. */
export const TREND_WEEKS = 12;

/** One week (Monday to Sunday in the lender's time zone) of the dashboard's trends. */
export const dashboardTrendWeekSchema = z.object({
  /** Monday, YYYY-MM-DD. */
  week_start: isoDateSchema,
  /** Sunday, YYYY-MM-DD (for the current week, a day still to come). */
  week_end: isoDateSchema,
  /** Principal of the loans disbursed in the week. */
  disbursed: moneySchema,
  /** Approved repayments by the day they were paid. */
  collected: moneySchema,
  /**
   * The week's share of the month's targets: each day carries its month's target ÷ the month's
   * days, so a week across two months takes part of each. 0 when no target is set.
   */
  disbursement_target: moneySchema,
  collection_target: moneySchema,
  /**
   * Portfolio at risk > 30 days, % with 2 decimals: the balance of open loans whose earliest unpaid
   * installment is more than 30 days late ÷ the open balance, as of the week's latest daily
   * snapshot (par30_as_of). Null when no snapshot exists in the week.
   */
  par30: z.number().nullable(),
  par30_as_of: isoDateSchema.nullable(),
});
export type DashboardTrendWeek = z.infer<typeof dashboardTrendWeekSchema>;

/**
 * GET /api/loans/dashboard/trends: the last TREND_WEEKS weeks over the caller's scope (an officer's
 * own book; an admin's whole book, or one officer's with officerId).
 */
export const dashboardTrendsSchema = z.object({
  /** Today's business date. */
  today: isoDateSchema,
  /** TREND_WEEKS weeks, oldest first. */
  weeks: z.array(dashboardTrendWeekSchema),
  /** The officers an admin may pick (id and name, by name); empty for an officer. */
  officers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DashboardTrends = z.infer<typeof dashboardTrendsSchema>;
