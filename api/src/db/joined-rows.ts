/**
 * The joined rows several modules select (loans with their customer, repayments with their
 * customer, loan status and recorder): one projection each, here rather than in one module's
 * repository, so that a module reads another module's tables without reaching into its repository.
 */
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { customers, loans, repayments, users } from './schema';

/**
 * What a loan row shows of its customer (name, national ID, phone), selected with the loan: the
 * detail page, the lists and the report's pages read the same projection, joined on customers.
 */
export const loanWithCustomerColumns = {
  loan: loans,
  firstName: customers.firstName,
  lastName: customers.lastName,
  nationalId: customers.nationalId,
  phone: customers.phone,
};

/**
 * `select loanWithCustomerColumns (and `extra`: a list's total, an export's sort key…) from loans
 * join customers`, to which the caller adds its condition and order (`$dynamic()`).
 */
export const selectLoansWithCustomers = <Extra extends SelectedFields = Record<never, never>>(
  ex: Executor,
  extra?: Extra,
) =>
  ex
    .select({ ...loanWithCustomerColumns, ...(extra as Extra) })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .$dynamic();

/** The columns of a repayment list's row: the repayment, its customer, loan status and recorder. */
const repaymentRowColumns = {
  repayment: repayments,
  firstName: customers.firstName,
  lastName: customers.lastName,
  loanStatus: loans.status,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
};

/**
 * `select repaymentRowColumns (and `extra`: a page's total, an export's sort key) from repayments`
 * joined to their loan, customer and recorder: a list's row, as the repayment lists and the
 * monthly report show it.
 */
export const selectRepaymentRows = <Extra extends SelectedFields = Record<never, never>>(
  ex: Executor,
  extra?: Extra,
) =>
  ex
    .select({ ...repaymentRowColumns, ...(extra as Extra) })
    .from(repayments)
    .innerJoin(loans, eq(loans.id, repayments.loanId))
    .innerJoin(customers, eq(customers.id, repayments.customerId))
    .leftJoin(users, eq(users.id, repayments.createdBy))
    .$dynamic();
