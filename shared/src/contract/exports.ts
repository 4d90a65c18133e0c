/**
 * Exports (issue 14): the whole filtered list as CSV, streamed by the server — Ksh amounts as plain
 * numbers (13440.00), dates as the lender's business dates (YYYY-MM-DD, Nairobi).
 */
import { z } from 'zod';
import { idSchema, loanSideListQuerySchema, pageSearchShape, refineDateRange } from './common';
import { APPLICATION_LIST_NAMES, APPLICATION_SORTS, type ApplicationListName } from './application-lists';
import { loanListFilterShape } from './loans';
import { LOAN_LIST_NAMES, loanList, type LoanListName } from './loan-lists';
import { loanReportQuerySchema, monthlyLoansQuerySchema, monthlyRepaymentsQuerySchema } from './reports';
import { suspenseListQuerySchema } from './suspense';
import { customerListQuerySchema } from './customers';
import { CUSTOMER_LISTS } from './customer-lists';
import { SUSPENSE_LISTS } from './suspense-lists';
import { repaymentListQuerySchema } from './repayments';
import { userListQuerySchema } from './users';
import { REPAYMENT_EXPORT_LISTS } from './repayment-lists';

/** Every loan list can be exported (loan-lists.ts). */
export const LOAN_EXPORT_LISTS = LOAN_LIST_NAMES as [LoanListName, ...LoanListName[]];
export type LoanExportList = LoanListName;

/**
 * GET /api/exports/loans.csv?list=&search=&officerId=: a loan list as on screen, every page; the
 * sort must be one that list takes.
 */
export const loanExportQuerySchema = z
  .object({
    list: z.enum(LOAN_EXPORT_LISTS, {
      error: `list must be one of ${LOAN_EXPORT_LISTS.join(', ')}`,
    }),
    search: pageSearchShape.search,
    officerId: idSchema.optional(),
    // The list's sort and filters (the promise filter too), as on screen.
    ...loanListFilterShape,
  })
  .superRefine(refineDateRange)
  .superRefine((query, context) => {
    const { sorts } = loanList(query.list);
    if (query.sort !== undefined && !sorts.includes(query.sort))
      context.addIssue({
        code: 'custom',
        path: ['sort'],
        message: `sort must be one of ${sorts.join(', ')}`,
      });
  });
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
  'Amount Due',
  'Status',
  'Device',
  'Disbursed',
  'Due Date',
  'Days Overdue',
  'Promise Date',
  'Promise Amount',
  'Promise Status',
] as const;

/**
 * GET /api/exports/monthly-loans.csv?month=&year=&officerId=&sort=&order=: the monthly disbursement
 * page's loans, the whole month in the page's order, with the loan columns above.
 */
export const monthlyExportQuerySchema = monthlyLoansQuerySchema.omit({ page: true });
export type MonthlyExportQuery = z.input<typeof monthlyExportQuerySchema>;

/**
 * GET /api/exports/monthly-repayments.csv?month=&year=&officerId=&sort=&order=: the monthly
 * collection page's repayments, the whole month in the page's order, with the repayment columns.
 */
export const monthlyRepaymentExportQuerySchema = monthlyRepaymentsQuerySchema.omit({ page: true });
export type MonthlyRepaymentExportQuery = z.input<typeof monthlyRepaymentExportQuerySchema>;

/**
 * GET /api/exports/loan-report.csv?period=&start_date=&end_date=&officerId=: the loan report's loans,
 * the whole period (the report's own query; its page is ignored), with the loan columns above.
 */
export const loanReportExportQuerySchema = loanReportQuerySchema;
export type LoanReportExportQuery = z.input<typeof loanReportExportQuerySchema>;

/**
 * GET /api/exports/customers.csv: the customers list as on screen (search, sort, officer and
 * registration dates), every page.
 */
export const customerExportQuerySchema = customerListQuerySchema.omit({ page: true });
export type CustomerExportQuery = z.input<typeof customerExportQuerySchema>;

/** The customers CSV's columns, in order (customer-lists.ts exportColumns). */
export const CUSTOMER_EXPORT_COLUMNS = CUSTOMER_LISTS.customers.exportColumns.map((column) => column.header);

/**
 * GET /api/exports/repayments.csv?list=: an exported repayment list (repayment-lists.ts) as on
 * screen (search, sort, officer and payment dates), every page.
 */
export const repaymentExportQuerySchema = repaymentListQuerySchema.omit({ page: true, status: true }).extend({
  list: z.enum(REPAYMENT_EXPORT_LISTS, {
    error: `list must be one of ${REPAYMENT_EXPORT_LISTS.join(', ')}`,
  }),
});
export type RepaymentExportQuery = z.input<typeof repaymentExportQuerySchema>;

/** The repayments CSV's columns, in order. */
export const REPAYMENT_EXPORT_COLUMNS = [
  'Repayment ID',
  'Loan ID',
  'Customer',
  'Amount',
  'M-Pesa Code',
  'Payment Date',
  'Due Date',
  'Recorded By',
  'Recorded',
  'Status',
  'Approved',
] as const;

/**
 * GET /api/exports/suspense.csv?status=&search=&from=&to=&sort=&order=: the M-Pesa suspense list
 * as on screen (admins only, like the list), every page.
 */
export const suspenseExportQuerySchema = suspenseListQuerySchema.omit({ page: true });
export type SuspenseExportQuery = z.input<typeof suspenseExportQuerySchema>;

/** The suspense CSV's columns, in order (suspense-lists.ts exportColumns). */
export const SUSPENSE_EXPORT_COLUMNS = SUSPENSE_LISTS.suspense.exportColumns.map((column) => column.header);

/**
 * GET /api/exports/applications.csv?list=pending|rejected: an application list as on screen
 * (product, officer, the list's dates, sort), every page; officers their own customers'.
 */
export const applicationExportQuerySchema = loanSideListQuerySchema(APPLICATION_SORTS)
  .omit({ page: true })
  .extend({
    list: z.enum(APPLICATION_LIST_NAMES as [ApplicationListName, ...ApplicationListName[]], {
      error: `list must be one of ${APPLICATION_LIST_NAMES.join(', ')}`,
    }),
  })
  .superRefine(refineDateRange);
export type ApplicationExportQuery = z.input<typeof applicationExportQuerySchema>;

const APPLICATION_EXPORT_BASE = [
  'Application ID',
  'Customer',
  'National ID',
  'Phone',
  'Monthly Income',
  'Product',
  'Amount',
  'Purpose',
  'Phone Model',
  'IMEI',
  'Submitted',
] as const;

/** Each application CSV's columns, in order: a rejected one adds when and why, and the customer's details. */
export const APPLICATION_EXPORT_COLUMNS = {
  pending: APPLICATION_EXPORT_BASE,
  rejected: [...APPLICATION_EXPORT_BASE, 'Rejected', 'Occupation', 'Address', 'Rejection Reason'],
} as const satisfies Record<ApplicationListName, readonly string[]>;

/** GET /api/exports/users.csv?role=&sort=&order=: the staff list as on screen (admins only). */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true });
export type UserExportQuery = z.input<typeof userExportQuerySchema>;

/** The staff CSV's columns, in order. */
export const USER_EXPORT_COLUMNS = [
  'User ID',
  'First Name',
  'Last Name',
  'Email',
  'Role',
  'Status',
  'Created',
  'Last Sign-in',
] as const;

/** The loan products CSV's columns (GET /api/exports/products.csv: every product, by name). */
export const PRODUCT_EXPORT_COLUMNS = [
  'Product ID',
  'Name',
  'Description',
  'Minimum Amount',
  'Maximum Amount',
  'Interest Rate (%)',
  'Duration (days)',
] as const;
