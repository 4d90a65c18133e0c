/**
 * Streamed CSV exports (issue 14): a list's rows as CSV lines, read batch by batch (loans/lists.ts
 * loanListBatches), so that the whole book can be exported in constant memory.
 */
import type { LoanRow } from '@lender/shared/contract/loans';
import type { z } from 'zod';
import {
  PRODUCT_EXPORT_COLUMNS,
  USER_EXPORT_COLUMNS,
  type UserExportQuery,
  APPLICATION_EXPORT_COLUMNS,
  applicationExportQuerySchema,
  userExportQuerySchema,
  type ApplicationExportQuery,
  CUSTOMER_EXPORT_COLUMNS,
  LOAN_EXPORT_COLUMNS,
  REPAYMENT_EXPORT_COLUMNS,
  SUSPENSE_EXPORT_COLUMNS,
  type LoanExportList,
} from '@lender/shared/contract/exports';
import type { RepaymentExportList } from '@lender/shared/contract/repayment-lists';
import type {
  LoanReportQuery,
  MonthlyLoansQuery,
  MonthlyQuery,
  MonthlyRepaymentsQuery,
} from '@lender/shared/contract/reports';
import { dateRangeError } from '@lender/shared/contract/common';
import {
  howApplied,
  MPESA_PAYMENT_STATUS_LABELS,
  SUSPENSE_REASON_TEXTS,
} from '@lender/shared/contract/suspense';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import { ValidationError } from '../../domain/errors';
import type { Caller } from '../../plugins/auth';
import {
  customerListBatches,
  customerListFilter,
  type CustomerListRequest,
  type CustomerListRow,
} from '../customers/service';
import {
  repaymentListBatches,
  repaymentListFilter,
  toRepayment,
  type RepaymentListRequest,
  type RepaymentListRow,
} from '../repayments/service';
import {
  appliedHow,
  mpesaPaymentBatches,
  type ListedMpesaPayment,
  type MpesaPaymentListFilter,
} from '../mpesa/service';
import { monthlyLoansCondition, monthlyRepaymentBatches, resolveMonth } from '../reports/monthly';
import { loanRowBatches } from '../reports/pages';
import { reportLoansCondition } from '../reports/report';
import { loanListBatches, type LoanListOptions } from '../loans/lists';
import { listLoanProducts } from '../products/service';
import { userListBatches } from '../users/service';
import { ROLE_LABELS } from '@lender/shared/domain/roles';
import { applicationListBatches, applicationScope, type ApplicationListRow } from '../applications/service';
import type { LoanScope, LoansContext } from '../loans/context';
import { businessDateTime } from '../../domain/clock';
import { csvLabel, csvLine, csvLines, csvPhone, kshNumber, type CsvValue } from './csv';
import {
  DEVICE_STATUS_LABELS,
  LOAN_STATUS_LABELS,
  normaliseDeviceStatus,
  REPAYMENT_STATUS_LABELS,
  type LoanStatus,
} from '@lender/shared/domain/statuses';
import { PROMISE_STATUS_LABELS } from '@lender/shared/contract/notes';
import { loanList } from '@lender/shared/contract/loan-lists';
import { CUSTOMER_LISTS, type CustomerExportField } from '@lender/shared/contract/customer-lists';
import { SUSPENSE_LISTS, type SuspenseExportField } from '@lender/shared/contract/suspense-lists';

/** A device status as its label; a value of no known status as it is. */
const deviceLabel = (status: string | null) => {
  const known = normaliseDeviceStatus(status);
  return known ? DEVICE_STATUS_LABELS[known] : status;
};

const loanValues = (row: LoanRow): CsvValue[] => [
  row.id,
  row.account_number,
  row.customer_name,
  row.national_id,
  csvPhone(row.phone),
  row.loan_product,
  kshNumber(row.principal),
  kshNumber(row.total_amount),
  kshNumber(row.paid_amount),
  kshNumber(row.remaining_balance),
  kshNumber(row.arrears),
  kshNumber(row.amount_due),
  csvLabel(LOAN_STATUS_LABELS[row.status as LoanStatus] ?? row.status),
  csvLabel(deviceLabel(row.device_status)),
  row.disbursement_date,
  row.due_date,
  row.days_overdue,
  row.promise_date,
  row.promise_amount === null ? null : kshNumber(row.promise_amount),
  row.promise_status === null ? null : PROMISE_STATUS_LABELS[row.promise_status],
];
const loanLine = (row: LoanRow) => csvLine(loanValues(row));

/** The CSV text of loan rows, header first, one chunk per batch of rows. */
export const loanRowsCsv = (batches: AsyncIterable<LoanRow[]>) =>
  csvLines(LOAN_EXPORT_COLUMNS, batches, loanLine);

/**
 * A loan list as on screen (list, search, sort, filters, scope), every page: the common columns,
 * then the list's own (loan-lists.ts exportColumns).
 */
export function loanListCsv(
  ctx: LoansContext,
  list: LoanExportList,
  scope: LoanScope,
  search?: string,
  options: LoanListOptions = {},
) {
  const extra = loanList(list).exportColumns ?? [];
  const batches = loanListBatches(ctx, list, scope, search, options);
  if (extra.length === 0) return loanRowsCsv(batches);
  const value = (row: LoanRow, { field, money }: (typeof extra)[number]): CsvValue => {
    const cell = row[field];
    if (typeof cell === 'number') return money ? kshNumber(cell) : cell;
    return cell === null || typeof cell === 'string' ? cell : String(cell);
  };
  return csvLines([...LOAN_EXPORT_COLUMNS, ...extra.map((column) => column.header)], batches, (row) =>
    csvLine([...loanValues(row), ...extra.map((column) => value(row, column))]),
  );
}

/** The monthly disbursement page's loans, the whole month. */
export const monthlyLoansCsv = (
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyLoansQuery, 'month' | 'year' | 'sort' | 'order'>,
) => loanRowsCsv(loanRowBatches(ctx, monthlyLoansCondition(ctx, scope, query), query));

/** The loan report's loans, the whole period. */
export const loanReportCsv = (ctx: LoansContext, scope: LoanScope, query: LoanReportQuery) =>
  loanRowsCsv(loanRowBatches(ctx, reportLoansCondition(ctx, scope, query), query));

export const exportFileName = (list: string, today: string) => `${list}-loans-${today}.csv`;

/** monthly-loans-2026-11.csv: the month the file holds (this month when none was asked). */
export const monthlyFileName = (kind: string, today: string, query: Pick<MonthlyQuery, 'month' | 'year'>) => {
  const { year, month } = resolveMonth(today, query);
  return `monthly-${kind}-${year}-${String(month).padStart(2, '0')}.csv`;
};
/** An instant as the lender's business date (YYYY-MM-DD in Nairobi time). */
const dayOf = (ctx: LoansContext, instant: Date | null) => (instant ? ctx.dateOf(instant) : null);

/** A column's value in a CSV line, read from the row the export's batches hold. */
type CsvValueOf<Row> = (row: Row, ctx: LoansContext) => CsvValue;

/**
 * The CSV line of a list whose definition names its whole CSV (exportColumns): each column's
 * value, amounts of its money columns in Ksh. The values are typed by the columns' fields, so
 * that a column added to the definition without its value does not compile.
 */
const definedLine =
  <Row, Field extends string>(
    columns: readonly { field: Field; money?: boolean }[],
    values: Record<Field, CsvValueOf<Row>>,
  ) =>
  (ctx: LoansContext, row: Row) =>
    csvLine(
      columns.map(({ field, money }) => {
        const value = values[field](row, ctx);
        return money && typeof value === 'number' ? kshNumber(value) : value;
      }),
    );

/** How the customers CSV writes each column of its definition (customer-lists.ts). */
const CUSTOMER_CSV_VALUES: Record<CustomerExportField, CsvValueOf<CustomerListRow>> = {
  id: (row) => row.id,
  first_name: (row) => row.firstName,
  last_name: (row) => row.lastName,
  national_id: (row) => row.nationalId,
  phone: (row) => csvPhone(row.phone),
  email: (row) => row.email,
  county: (row) => row.county,
  occupation: (row) => row.occupation,
  address: (row) => row.address,
  monthly_income: (row) => (row.monthlyIncome === null ? null : toMoneyNumber(toCents(row.monthlyIncome))),
  created_by_name: (row) => row.createdByName,
  created_at: (row, ctx) => dayOf(ctx, row.createdAt),
};
const customerLine = definedLine(CUSTOMER_LISTS.customers.exportColumns, CUSTOMER_CSV_VALUES);

/**
 * The CSV text of the customers list as filtered and sorted on screen, in the caller's scope, one
 * chunk per batch. The request is checked here, before the first byte, so that a bad one is a 400.
 */
export function customerListCsv(
  ctx: LoansContext,
  caller: Caller,
  query: Omit<CustomerListRequest, 'page'>,
): AsyncGenerator<string> {
  const filter = customerListFilter(ctx, caller, query);
  return csvLines(CUSTOMER_EXPORT_COLUMNS, customerListBatches(ctx.db, filter), (row) =>
    customerLine(ctx, row),
  );
}

const repaymentLine = (ctx: LoansContext, row: RepaymentListRow) => {
  const repayment = toRepayment(row);
  return csvLine([
    repayment.id,
    repayment.loan_id,
    repayment.customer_name,
    kshNumber(repayment.amount),
    repayment.mpesa_code,
    repayment.paid_date,
    repayment.due_date,
    repayment.created_by_name,
    dayOf(ctx, row.repayment.createdAt),
    REPAYMENT_STATUS_LABELS[repayment.status],
    dayOf(ctx, row.repayment.approvedAt),
  ]);
};

/**
 * The CSV text of a repayment list as filtered and sorted on screen, in the caller's scope, one
 * chunk per batch; the request is checked before the first byte.
 */
export function repaymentListCsv(
  ctx: LoansContext,
  list: RepaymentExportList,
  scope: LoanScope,
  query: RepaymentListRequest,
): AsyncGenerator<string> {
  const filter = repaymentListFilter(list, scope, query);
  return repaymentRowsCsv(ctx, repaymentListBatches(ctx.db, filter));
}

const repaymentRowsCsv = (ctx: LoansContext, batches: AsyncIterable<RepaymentListRow[]>) =>
  csvLines(REPAYMENT_EXPORT_COLUMNS, batches, (row) => repaymentLine(ctx, row));

/** The monthly collection page's repayments, the whole month, in the page's order. */
export const monthlyRepaymentsCsv = (
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<MonthlyRepaymentsQuery, 'month' | 'year' | 'sort' | 'order'>,
) => repaymentRowsCsv(ctx, monthlyRepaymentBatches(ctx, scope, query));

/** How the suspense CSV writes each column of its definition (suspense-lists.ts). */
const SUSPENSE_CSV_VALUES: Record<SuspenseExportField, CsvValueOf<ListedMpesaPayment>> = {
  id: ({ payment }) => payment.id,
  trans_time: ({ payment }, ctx) => businessDateTime(payment.transTime, ctx.timeZone),
  paid_date: ({ payment }) => payment.paidDate,
  trans_id: ({ payment }) => payment.transId,
  account_typed: ({ payment }) => payment.billRef,
  payer_name: ({ payment }) => payment.payerName,
  msisdn: ({ payment }) => csvPhone(payment.msisdn),
  amount: ({ payment }) => toMoneyNumber(toCents(payment.amount)),
  unapplied: ({ payment }) => toMoneyNumber(toCents(payment.unapplied)),
  // A payment matched when it came has no reason: it never waited.
  reason: ({ payment }) => (payment.reason ? SUSPENSE_REASON_TEXTS[payment.reason] : null),
  status: ({ payment }) => MPESA_PAYMENT_STATUS_LABELS[payment.status],
  applied_how: ({ payment, resolvedByFirstName, resolvedByLastName }) =>
    howApplied({
      applied_how: appliedHow(payment),
      reason: payment.reason ?? 'unknown_account',
      resolved_by_name:
        resolvedByFirstName === null ? null : `${resolvedByFirstName} ${resolvedByLastName ?? ''}`.trim(),
    }),
  loan_id: ({ payment }) => payment.loanId,
  resolved_at: ({ payment }, ctx) =>
    payment.resolvedAt ? businessDateTime(payment.resolvedAt, ctx.timeZone) : null,
  resolved_by_name: ({ resolvedByFirstName, resolvedByLastName }) =>
    resolvedByFirstName === null ? null : `${resolvedByFirstName} ${resolvedByLastName ?? ''}`.trim(),
  resolution_note: ({ payment }) => payment.resolutionNote,
};
const suspenseLine = definedLine(SUSPENSE_LISTS.suspense.exportColumns, SUSPENSE_CSV_VALUES);

/**
 * The CSV text of the M-Pesa payments list as filtered and sorted on screen (admins only, by the
 * route); the request is checked before the first byte.
 */
export function suspenseCsv(ctx: LoansContext, filter: MpesaPaymentListFilter): AsyncGenerator<string> {
  const rangeError = dateRangeError(filter);
  if (rangeError) throw ValidationError.field('from', rangeError);
  return csvLines(SUSPENSE_EXPORT_COLUMNS, mpesaPaymentBatches(ctx.db, filter), (row) =>
    suspenseLine(ctx, row),
  );
}

export const customersFileName = (today: string) => `customers-${today}.csv`;
export const repaymentsFileName = (list: RepaymentExportList, today: string) =>
  `${list}-repayments-${today}.csv`;
export const suspenseFileName = (status: string, today: string) => `mpesa-${status}-${today}.csv`;

/** The amount of a numeric column as a Ksh number; empty stays empty. */
const kshOf = (value: string | null) => (value === null ? null : kshNumber(toMoneyNumber(toCents(value))));

const applicationValues = (ctx: LoansContext, row: ApplicationListRow): CsvValue[] => [
  row.id,
  `${row.firstName} ${row.lastName}`,
  row.nationalId,
  csvPhone(row.phone),
  kshOf(row.monthlyIncome),
  row.productName,
  kshOf(row.amount),
  row.purpose,
  row.model,
  row.imei,
  dayOf(ctx, row.createdAt),
];

/**
 * The CSV text of an application list (pending or rejected) as filtered and sorted on screen, in
 * the caller's scope, one chunk per batch; the request is checked before the first byte.
 */
export function applicationListCsv(
  ctx: LoansContext,
  caller: Caller,
  {
    list,
    officerId,
    userId,
    sort,
    order,
    productId,
    from,
    to,
  }: z.output<typeof applicationExportQuerySchema>,
): AsyncGenerator<string> {
  const batches = applicationListBatches(ctx.db, list, applicationScope(caller, { officerId, userId }), {
    options: { sort, order, productId, from, to },
    timeZone: ctx.timeZone,
  });
  const line =
    list === 'rejected'
      ? (row: ApplicationListRow) =>
          csvLine([
            ...applicationValues(ctx, row),
            dayOf(ctx, row.decidedAt),
            row.occupation,
            row.address,
            row.rejectionReason,
          ])
      : (row: ApplicationListRow) => csvLine(applicationValues(ctx, row));
  return csvLines(APPLICATION_EXPORT_COLUMNS[list], batches, line);
}

export const applicationsFileName = (list: ApplicationExportQuery['list'], today: string) =>
  `${list}-applications-${today}.csv`;

/** The staff list as on screen (role, sort), every row; the route admits admins only. */
export function usersCsv(ctx: LoansContext, { role, sort, order }: z.output<typeof userExportQuerySchema>) {
  return csvLines(USER_EXPORT_COLUMNS, userListBatches(ctx, { role, sort, order }), (row) =>
    csvLine([
      row.id,
      row.firstName,
      row.lastName,
      row.email,
      ROLE_LABELS[row.role],
      row.isActive ? 'Active' : 'Deactivated',
      dayOf(ctx, row.createdAt),
      row.lastLoginAt ? businessDateTime(row.lastLoginAt, ctx.timeZone) : null,
    ]),
  );
}

/** Every loan product, by name, amounts in Ksh. */
export async function* productsCsv(ctx: LoansContext): AsyncGenerator<string> {
  async function* one() {
    yield await listLoanProducts(ctx);
  }
  yield* csvLines(PRODUCT_EXPORT_COLUMNS, one(), (product) =>
    csvLine([
      product.id,
      product.name,
      product.description,
      kshNumber(product.min_amount),
      kshNumber(product.max_amount),
      product.interest_rate,
      product.duration_days,
    ]),
  );
}

export const usersFileName = (query: UserExportQuery, today: string) =>
  `${query.role ? `${query.role}-` : ''}users-${today}.csv`;
