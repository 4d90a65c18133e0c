/**
 * Exports (issue 14): the whole filtered list as CSV, streamed by the server — Ksh amounts as plain
 * numbers (13440.00), dates as the lender's business dates (YYYY-MM-DD, Nairobi).
 */
import { z } from 'zod';
import { idSchema, refineDateRange } from './common';
import { loanListFilterShape } from './loans';

export const LOAN_EXPORT_LISTS = [
  'active',
  'paid',
  'defaulted',
  'pendingDisbursement',
  'dueToday',
  'dueTomorrow',
  'due2to7',
] as const;
export type LoanExportList = (typeof LOAN_EXPORT_LISTS)[number];

/** GET /api/exports/loans.csv?list=&search=&officerId=: a loan list as on screen, every page. */
export const loanExportQuerySchema = z
  .object({
    list: z.enum(LOAN_EXPORT_LISTS, {
      error: `list must be one of ${LOAN_EXPORT_LISTS.join(', ')}`,
    }),
    search: z.string().trim().max(100).optional(),
    officerId: idSchema.optional(),
    // The list's sort and filters, as on screen.
    ...loanListFilterShape,
  })
  .superRefine(refineDateRange);
export type LoanExportQuery = z.input<typeof loanExportQuerySchema>;

/** The CSV's columns, in order. */
export const LOAN_EXPORT_COLUMNS = [
  'Loan ID',
  'Account No.',
  'Customer',
  'National ID',
  'Phone',
  'Product',
  'Principal',
  'Total',
  'Paid',
  'Balance',
  'Arrears',
  'Status',
  'Device',
  'Disbursed',
  'Due Date',
  'Days Overdue',
] as const;
