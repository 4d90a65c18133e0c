import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SortOrder } from '@lender/shared/contract/common';
import type { MpesaPaymentStatus } from '@lender/shared/contract/suspense';
import type { SuspenseSort } from '@lender/shared/contract/suspense-lists';
import type { Database, Executor } from '../../db/client';
import { anyRow, findById, updateById, updateByIdIf } from '../../db/rows';
import { customers, loans, mpesaPayments, repayments, users } from '../../db/schema';
import { containing, customerNameContains } from '../sql-helpers';
import { loanWithCustomerColumns, selectLoansWithCustomers } from '../../db/joined-rows';
import type { RepaymentRecord } from '../loans/service';
import { listBatches, offsetOf, sortOrderBy, type PageRequest } from '../pagination';

export type MpesaPaymentRecord = typeof mpesaPayments.$inferSelect;
export type NewMpesaPaymentRecord = typeof mpesaPayments.$inferInsert;

/**
 * Records a paybill payment once per TransID. Undefined when M-Pesa sent it before: ON CONFLICT
 * DO NOTHING waits for a concurrent insert of the same TransID to commit, then skips, so of
 * concurrent resends exactly one goes on.
 */
export async function insertMpesaPayment(
  tx: Executor,
  row: NewMpesaPaymentRecord,
): Promise<MpesaPaymentRecord | undefined> {
  const [inserted] = await tx
    .insert(mpesaPayments)
    .values(row)
    .onConflictDoNothing({ target: mpesaPayments.transId })
    .returning();
  return inserted;
}

/** A paybill payment; `forUpdate` locks it until the transaction ends (decisions queue on it). */
export const findMpesaPayment = (ex: Executor, id: number, options: { forUpdate?: boolean } = {}) =>
  findById(ex, mpesaPayments, id, options);

/** Writes the changed columns of a payment the caller's transaction holds. */
export const updateMpesaPayment = (
  tx: Executor,
  id: number,
  set: Partial<NewMpesaPaymentRecord>,
): Promise<MpesaPaymentRecord> => updateById(tx, mpesaPayments, id, set, 'M-Pesa payment');

/** The repayments that carry an M-Pesa code (one per loan). */
export async function findRepaymentsByCode(ex: Executor, code: string): Promise<RepaymentRecord[]> {
  return ex.select().from(repayments).where(eq(repayments.mpesaCode, code)).orderBy(asc(repayments.id));
}

/**
 * Marks a repayment recorded by hand as paid on M-Pesa's word, with the amount M-Pesa reports
 * (or what the loan still owed): guarded by status = 'pending' like an admin's approval.
 */
export async function approveRepaymentFromMpesa(
  tx: Executor,
  id: number,
  set: { amount: string; approvedAt: Date; mpesaPaymentId: number },
): Promise<RepaymentRecord | undefined> {
  const pending = eq(repayments.status, 'pending');
  return updateByIdIf(tx, repayments, id, pending, { ...set, status: 'paid', approvedBy: null });
}

/** Whether the paybill payment of `code` has already been applied to the loan (a paybill repayment). */
export async function hasPaybillRepaymentOnLoan(
  ex: Executor,
  code: string,
  loanId: number,
): Promise<boolean> {
  return anyRow(
    ex,
    repayments,
    and(eq(repayments.mpesaCode, code), eq(repayments.loanId, loanId), eq(repayments.source, 'mpesa')),
  );
}

/**
 * Code, account typed or payer name containing the words, or the amount when the words are one.
 * The lists it narrows are one status's rows (the suspense queue is short; the others are read
 * page by page in received order).
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = search?.trim().replace(/\s+/g, ' ');
  if (!words) return undefined;
  const pattern = containing(words);
  const amount = words.replace(/,/g, '');
  return or(
    ilike(mpesaPayments.transId, pattern),
    ilike(mpesaPayments.billRef, pattern),
    ilike(mpesaPayments.payerName, pattern),
    /^\d{1,12}(\.\d{1,2})?$/.test(amount) ? eq(mpesaPayments.amount, amount) : undefined,
  );
}

/** Which payments the suspense page lists, and in which order. */
export interface MpesaPaymentListFilter {
  status: MpesaPaymentStatus;
  search?: string | undefined;
  /** Paid on or after / on or before these business days (paid_date). */
  from?: string | undefined;
  to?: string | undefined;
  sort?: SuspenseSort | undefined;
  order?: SortOrder | undefined;
}

/** One status's payments matching the search and payment days. */
const mpesaPaymentCondition = (filter: MpesaPaymentListFilter) =>
  and(
    eq(mpesaPayments.status, filter.status),
    searchCondition(filter.search),
    filter.from ? gte(mpesaPayments.paidDate, filter.from) : undefined,
    filter.to ? lte(mpesaPayments.paidDate, filter.to) : undefined,
  );

/**
 * The suspense list's sortable columns, and the type a keyset compares their values as (carried
 * as text between an export's batches, so that a timestamp keeps its microseconds).
 */
const SORT_COLUMNS = {
  received: { column: mpesaPayments.receivedAt, type: 'timestamptz' },
  amount: { column: mpesaPayments.amount, type: 'numeric' },
  trans_id: { column: mpesaPayments.transId, type: 'text' },
} satisfies Record<SuspenseSort, { column: SQLWrapper; type: string }>;

/** Newest received first unless sorted; the id breaks ties. */
const mpesaPaymentOrder = (filter: MpesaPaymentListFilter) =>
  sortOrderBy((key) => SORT_COLUMNS[key].column, filter, mpesaPayments.id, [
    desc(mpesaPayments.receivedAt),
    desc(mpesaPayments.id),
  ]);

/** A payment as the list shows it: with who resolved it. */
export interface ListedMpesaPayment {
  payment: MpesaPaymentRecord;
  resolvedByFirstName: string | null;
  resolvedByLastName: string | null;
}
const listedColumns = {
  payment: mpesaPayments,
  resolvedByFirstName: users.firstName,
  resolvedByLastName: users.lastName,
};

/** `select listedColumns (and `extra`: an export's sort key) from mpesa_payments left join users`. */
const selectListedPayments = <Extra extends SelectedFields = Record<never, never>>(
  ex: Executor,
  extra?: Extra,
) =>
  ex
    .select({ ...listedColumns, ...(extra as Extra) })
    .from(mpesaPayments)
    .leftJoin(users, eq(users.id, mpesaPayments.resolvedBy))
    .$dynamic();

/**
 * A page of one status's payments, newest received first unless sorted (each sort served with
 * the status by an index: mpesa_payments_status_list_idx, mpesa_payments_status_*_idx), with who
 * resolved them.
 */
export async function listMpesaPayments(db: Database, filter: MpesaPaymentListFilter, request: PageRequest) {
  const where = mpesaPaymentCondition(filter);
  const { limit, offset } = offsetOf(request);
  const [rows, [counted]] = await Promise.all([
    selectListedPayments(db)
      .where(where)
      .orderBy(...mpesaPaymentOrder(filter))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(mpesaPayments).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Every payment of the list (its status, search, days and order as on screen), a batch of
 * EXPORT_BATCH_ROWS at a time (keysetBatches on the sort column and the id), for its export.
 */
export function mpesaPaymentBatches(
  db: Database,
  filter: MpesaPaymentListFilter,
): AsyncGenerator<ListedMpesaPayment[]> {
  const key = SORT_COLUMNS[filter.sort ?? 'received'];
  const descending = filter.sort ? filter.order === 'desc' : true;
  const list = {
    key,
    id: mpesaPayments.id,
    descending,
    conditions: [mpesaPaymentCondition(filter)],
    orderBy: mpesaPaymentOrder(filter),
    select: (sortKey: SQL<string>) => selectListedPayments(db, { sortKey }),
  };
  return listBatches(list, (row) => row.payment.id);
}

/** How many payments wait in suspense and how much of their money (the dashboard's card). */
export async function suspenseTotals(db: Database): Promise<{ waiting: number; amount: string }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${mpesaPayments.unapplied}), 0)::text`,
    })
    .from(mpesaPayments)
    .where(eq(mpesaPayments.status, 'suspense'));
  return { waiting: Number(row?.waiting ?? 0), amount: row?.amount ?? '0' };
}

type LoanWithCustomer = {
  [K in keyof typeof loanWithCustomerColumns]: K extends 'loan' ? typeof loans.$inferSelect : string;
};

/** Up to this many customers are looked at for a loan search by name. */
const CUSTOMERS_LIMIT = 50;
export const LOAN_OPTIONS_LIMIT = 10;

/** How a typed search names the loan a payment goes to. */
export type LoanSearch =
  /** An account number, which may also be a name that happens to pass the check (KAMAU38). */
  | { by: 'loan'; loanId: number; words: string }
  | { by: 'phone'; phone: string }
  | { by: 'nationalId'; nationalId: string }
  | { by: 'name'; words: string };

/**
 * Open loans (disbursed, something owed) of the customers a search names, with their customer,
 * newest first; at most LOAN_OPTIONS_LIMIT. Each arm starts from an index: the loan's primary key,
 * customers_phone_trgm_idx, customers_national_id_key, the customers' name trigram indexes; then
 * loans_customer_idx.
 */
export async function findOpenLoans(db: Database, search: LoanSearch): Promise<LoanWithCustomer[]> {
  const open = and(isNotNull(loans.disbursementDate), ne(loans.status, 'paid'));
  const base = selectLoansWithCustomers(db);
  if (search.by === 'loan') {
    const found = await base.where(and(eq(loans.id, search.loanId), open));
    return found.length > 0 ? found : findOpenLoans(db, { by: 'name', words: search.words });
  }
  const customerCondition =
    search.by === 'phone'
      ? eq(customers.phone, search.phone)
      : search.by === 'nationalId'
        ? eq(customers.nationalId, search.nationalId)
        : customerNameContains(search.words);
  const named = await db
    .select({ id: customers.id })
    .from(customers)
    .where(customerCondition)
    .limit(CUSTOMERS_LIMIT);
  if (named.length === 0) return [];
  return base
    .where(
      and(
        inArray(
          loans.customerId,
          named.map((row) => row.id),
        ),
        open,
      ),
    )
    .orderBy(desc(loans.id))
    .limit(LOAN_OPTIONS_LIMIT);
}
