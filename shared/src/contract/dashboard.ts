import { z } from 'zod';
import { moneySchema, scopeQuerySchema } from './common';

/**
 * GET /api/loans/dashboard/analytics. The specification's client sends nothing; an admin may
 * narrow the figures to one officer with officerId (officers always see their own book).
 */
export const dashboardQuerySchema = scopeQuerySchema.pick({ role: true, userId: true, officerId: true });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardAnalyticsSchema = z.object({
  /** Disbursed loans that are not paid, defaulted or repossessed. */
  active_loans: z.number().int(),
  due_today: z.number().int(),
  defaulted_loans: z.number().int(),
  cleared_loans: z.number().int(),
  repossessed: z.number().int(),
  /** Sum of approved repayments. */
  amount_collected: moneySchema,
  /** Sum of the principal disbursed. */
  amount_financed: moneySchema,
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalyticsSchema>;
