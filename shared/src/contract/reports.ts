import { z } from 'zod';
import { REPORT_PERIODS, type ReportPeriod } from '../domain/statuses';
import {
  countSchema,
  isoDateSchema,
  moneySchema,
  pageMetaSchema,
  pageSchema,
  scopeQuerySchema,
  sortQueryShape,
} from './common';
import { loanRowSchema } from './loans';
import { repaymentSchema } from './repayments';
import { blankToUndefined, monthField, optionalDateField, optionalIdField, yearField } from './validators';

// ---------------------------------------------------------------------------------------------
// Monthly pages
// ---------------------------------------------------------------------------------------------

/**
 * Query of GET /api/loans/monthly-active-loans and GET /api/repayments/monthly-approved.
 * officerId narrows an admin's page to one officer; officers always see their own book. month and
 * year are optional: the server takes the current month and year in LENDER_TZ for what is left out.
 * page (from 1) is the page of the month's list; the summary always covers the whole month.
 */
export const monthlyQuerySchema = scopeQuerySchema.pick({ role: true, userId: true, page: true }).extend({
  officerId: optionalIdField('Officer'),
  month: monthField('Month').optional(),
  year: yearField('Year').optional(),
});
export type MonthlyQuery = z.infer<typeof monthlyQuerySchema>;

/**
 * The columns the report pages' loan lists (monthly disbursement, loan report) sort by (issue 14);
 * without `sort` they list the oldest disbursement first.
 */
export const REPORT_LOAN_SORTS = [
  'principal',
  'total_amount',
  'paid_amount',
  'remaining_balance',
  'status',
  'disbursement_date',
] as const;
export type ReportLoanSort = (typeof REPORT_LOAN_SORTS)[number];
/** The columns the monthly collection's repayments sort by; without `sort`, the oldest approval first. */
export const MONTHLY_REPAYMENT_SORTS = ['amount', 'paid_date', 'approved_at'] as const;

/** GET /api/loans/monthly-active-loans: the month, its page and the loans' sort. */
export const monthlyLoansQuerySchema = monthlyQuerySchema.extend(sortQueryShape(REPORT_LOAN_SORTS));
export type MonthlyLoansQuery = z.infer<typeof monthlyLoansQuerySchema>;
/** GET /api/repayments/monthly-approved: the month, its page and the repayments' sort. */
export const monthlyRepaymentsQuerySchema = monthlyQuerySchema.extend(
  sortQueryShape(MONTHLY_REPAYMENT_SORTS),
);
export type MonthlyRepaymentsQuery = z.infer<typeof monthlyRepaymentsQuerySchema>;

/**
 * A report page's answer: one page of the report's items under `key`, the page's meta, and the
 * summary of the whole month or period.
 */
const reportPageShape = <Key extends string, Item extends z.ZodTypeAny, Summary extends z.ZodTypeAny>(
  key: Key,
  item: Item,
  summary: Summary,
) => ({
  ...({ [key]: z.array(item) } as { [K in Key]: z.ZodArray<Item> }),
  meta: pageMetaSchema,
  summary,
});

const monthlySummaryBase = z.object({
  total_amount_sum: moneySchema,
  target_amount: moneySchema,
  /** max(0, target − total) */
  deficit: moneySchema,
  /** total / target × 100, 2 decimals; 0 when the target is 0. */
  percentage: z.number(),
});

/** Summary of the monthly disbursement page: total_amount_sum is the principal disbursed. */
export const monthlyDisbursementSummarySchema = monthlySummaryBase.extend({ loan_count: countSchema });
export type MonthlyDisbursementSummary = z.infer<typeof monthlyDisbursementSummarySchema>;

/**
 * GET /api/loans/monthly-active-loans: one page of the loans disbursed in the month (oldest
 * disbursement first), the page's meta, and the summary of the whole month.
 */
export const monthlyActiveLoansResponseSchema = z.object(
  reportPageShape('loans', loanRowSchema, monthlyDisbursementSummarySchema),
);
export type MonthlyActiveLoansResponse = z.infer<typeof monthlyActiveLoansResponseSchema>;

/** Summary of the monthly collection page: total_amount_sum is the sum of approved repayments. */
export const monthlyCollectionSummarySchema = monthlySummaryBase.extend({
  repayment_count: countSchema,
});
export type MonthlyCollectionSummary = z.infer<typeof monthlyCollectionSummarySchema>;

/**
 * GET /api/repayments/monthly-approved: one page of the repayments approved in the month (oldest
 * approval first), the page's meta, and the summary of the whole month.
 */
export const monthlyApprovedRepaymentsResponseSchema = z.object(
  reportPageShape('repayments', repaymentSchema, monthlyCollectionSummarySchema),
);
export type MonthlyApprovedRepaymentsResponse = z.infer<typeof monthlyApprovedRepaymentsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Loan report
// ---------------------------------------------------------------------------------------------

export const reportPeriodSchema = z.enum(REPORT_PERIODS, {
  error: `Period must be one of ${REPORT_PERIODS.join(', ')}`,
});

/**
 * GET /api/loans/loan-reports?start_date&end_date&period&page. period defaults to all; the custom
 * period needs both dates, and the start may not be after the end. Dates are inclusive. page
 * (from 1) is the page of the period's loan list; the summary always covers the whole period.
 */
export const loanReportQuerySchema = z
  .object({
    start_date: optionalDateField('Start date'),
    end_date: optionalDateField('End date'),
    period: z
      .preprocess(blankToUndefined, reportPeriodSchema.optional())
      .transform((v): ReportPeriod => v ?? 'all'),
    officerId: optionalIdField('Officer'),
    page: pageSchema,
    ...sortQueryShape(REPORT_LOAN_SORTS),
  })
  .superRefine((query, ctx) => {
    if (query.period === 'period') {
      if (!query.start_date) {
        ctx.addIssue({
          code: 'custom',
          message: 'Start date is required for a custom period',
          path: ['start_date'],
        });
      }
      if (!query.end_date) {
        ctx.addIssue({
          code: 'custom',
          message: 'End date is required for a custom period',
          path: ['end_date'],
        });
      }
    }
    if (query.start_date && query.end_date && query.start_date > query.end_date) {
      ctx.addIssue({
        code: 'custom',
        message: 'Start date must be on or before the end date',
        path: ['start_date'],
      });
    }
  });
export type LoanReportQuery = z.infer<typeof loanReportQuerySchema>;

export const loanReportSummarySchema = z.object({
  /** Approved repayments whose paid_date falls in the period. */
  total_paid: moneySchema,
  /** Principal of the loans disbursed in the period. */
  total_disbursed: moneySchema,
  /** Counts of the period's loans by status. */
  active_loans: countSchema,
  cleared_loans: countSchema,
  overdue_loans: countSchema,
  partially_paid_loans: countSchema,
  defaulted_loans: countSchema,
  repossessed_loans: countSchema,
  /** Approved repayments in the period on repossessed loans. */
  repossessed_collections: moneySchema,
  /**
   * Portfolio at risk, 2 decimals: % of the remaining balance of the open disbursed loans in scope
   * (every period alike; not paid, not repossessed) whose earliest uncovered installment is more
   * than 1 day overdue (due before yesterday).
   */
  par1: z.number(),
  /** Portfolio at risk: % of that remaining balance more than 30 days overdue. */
  par30: z.number(),
  /** total_paid as a % of the installments that fell due in the period (0 when none did). */
  collection_rate: z.number(),
});
export type LoanReportSummary = z.infer<typeof loanReportSummarySchema>;

/**
 * Response of the loan report: the resolved range (null for all), one page of the loans disbursed
 * in the period (oldest disbursement first), the page's meta, and the summary of the whole period.
 */
export const loanReportResponseSchema = z.object({
  period: reportPeriodSchema,
  start_date: isoDateSchema.nullable(),
  end_date: isoDateSchema.nullable(),
  ...reportPageShape('loans', loanRowSchema, loanReportSummarySchema),
});
export type LoanReportResponse = z.infer<typeof loanReportResponseSchema>;
