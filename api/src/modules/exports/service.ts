/**
 * Streamed CSV exports (issue 14): a list's rows as CSV lines, read batch by batch (loans/lists.ts
 * loanListBatches), so that the whole book can be exported in constant memory.
 */
import type { LoanRow } from '@lender/shared/contract/loans';
import {
  CUSTOMER_EXPORT_COLUMNS,
  LOAN_EXPORT_COLUMNS,
  REPAYMENT_EXPORT_COLUMNS,
  type LoanExportList,
  type RepaymentExportList,
} from '@lender/shared/contract/exports';
import type { LoanReportQuery, MonthlyLoansQuery, MonthlyQuery } from '@lender/shared/contract/reports';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { customerListBatches, type CustomerListRow } from '../customers/repository';
import { customerListFilter, type CustomerListRequest } from '../customers/service';
import { repaymentListBatches } from '../repayments/repository';
import {
  repaymentListFilter,
  toRepayment,
  type RepaymentListRequest,
  type RepaymentListRow,
} from '../repayments/service';
import { monthlyLoansCondition, resolveMonth } from '../reports/monthly';
import { loanRowBatches } from '../reports/pages';
import { reportLoansCondition } from '../reports/report';
import { loanListBatches, type LoanListOptions } from '../loans/lists';
import type { LoanScope, LoansContext } from '../loans/service';
import { csvLine, kshNumber } from './csv';

/** +254712345678 → 0712345678: how staff write it, and no leading + for a spreadsheet to eat. */
const localPhone = (phone: string) => phone.replace(/^\+254/, '0');

const loanLine = (row: LoanRow) =>
  csvLine([
    row.id,
    row.account_number,
    row.customer_name,
    row.national_id,
    localPhone(row.phone),
    row.loan_product,
    kshNumber(row.principal),
    kshNumber(row.total_amount),
    kshNumber(row.paid_amount),
    kshNumber(row.remaining_balance),
    kshNumber(row.arrears),
    row.status,
    row.device_status,
    row.disbursement_date,
    row.due_date,
    row.days_overdue,
    row.promise_date,
    row.promise_amount === null ? null : kshNumber(row.promise_amount),
    row.promise_status,
  ]);

/** The CSV text of loan rows, header first, one chunk per batch of rows. */
export async function* loanRowsCsv(batches: AsyncIterable<LoanRow[]>): AsyncGenerator<string> {
  // A byte-order mark: Excel then reads the file as UTF-8 (names with accents, "Ksh").
  yield `\uFEFF${csvLine(LOAN_EXPORT_COLUMNS)}`;
  for await (const batch of batches) {
    yield batch.map(loanLine).join('');
  }
}

/** A loan list as on screen (list, search, sort, filters, scope), every page. */
export const loanListCsv = (
  ctx: LoansContext,
  list: LoanExportList,
  scope: LoanScope,
  search?: string,
  options: LoanListOptions = {},
) => loanRowsCsv(loanListBatches(ctx, list, scope, search, options));

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

const customerLine = (ctx: LoansContext, row: CustomerListRow) =>
  csvLine([
    row.id,
    row.firstName,
    row.lastName,
    row.nationalId,
    localPhone(row.phone),
    row.email,
    row.county,
    row.occupation,
    row.address,
    row.monthlyIncome === null ? null : kshNumber(toMoneyNumber(toCents(row.monthlyIncome))),
    row.createdByName,
    dayOf(ctx, row.createdAt),
  ]);

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
  return (async function* () {
    yield `\uFEFF${csvLine(CUSTOMER_EXPORT_COLUMNS)}`;
    for await (const batch of customerListBatches(ctx.db, filter)) {
      yield batch.map((row) => customerLine(ctx, row)).join('');
    }
  })();
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
    repayment.status === 'paid' ? 'approved' : repayment.status,
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
  return (async function* () {
    yield `\uFEFF${csvLine(REPAYMENT_EXPORT_COLUMNS)}`;
    for await (const batch of repaymentListBatches(ctx.db, filter)) {
      yield batch.map((row) => repaymentLine(ctx, row)).join('');
    }
  })();
}

export const customersFileName = (today: string) => `customers-${today}.csv`;
export const repaymentsFileName = (list: RepaymentExportList, today: string) =>
  `${list}-repayments-${today}.csv`;
