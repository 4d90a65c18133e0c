import { and, asc, desc, eq, inArray, like, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type Database, type Executor } from '../../db/client';
import { anyRow, insertRow, updateById } from '../../db/rows';
import {
  collaterals,
  customers,
  files,
  guarantorCollaterals,
  guarantors,
  loanApplications,
  loanProducts,
  loans,
  referees,
  repayments,
  users,
} from '../../db/schema';
import type { AnyPgColumn, PgInsertValue, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SortOrder } from '@lender/shared/contract/common';
import type { CustomerSort } from '@lender/shared/contract/customer-lists';
import { preparedListBatches, readListPage, sortOrderBy, type PageRequest } from '../pagination';
import { containing, customerNameContains, customerSortName } from '../sql-helpers';
import { selectLoansWithCustomers } from '../../db/joined-rows';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
export type RefereeRow = typeof referees.$inferSelect;
export type CollateralRow = typeof collaterals.$inferSelect;
export type GuarantorRow = typeof guarantors.$inferSelect;
export type GuarantorCollateralRow = typeof guarantorCollaterals.$inferSelect;

/** A customer with the name of the staff member who registered them. */
export type CustomerListRow = CustomerRow & { createdByName: string };

/** Whose customers a query may see: one officer's book, or everyone's (undefined). */
export interface CustomerScope {
  createdBy?: number | undefined;
}

const createdByName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** The columns of a list row: the customer and the registering user's name. */
const listColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  email: customers.email,
  nationalId: customers.nationalId,
  county: customers.county,
  occupation: customers.occupation,
  residenceDetails: customers.residenceDetails,
  address: customers.address,
  monthlyIncome: customers.monthlyIncome,
  passportPhotoKey: customers.passportPhotoKey,
  nationalIdPhotoKey: customers.nationalIdPhotoKey,
  createdBy: customers.createdBy,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
  remindersOptOut: customers.remindersOptOut,
  createdByName,
};

/** `select listColumns (and `extra`: a page's total, an export's sort key) from customers join users`. */
const selectCustomerRows = <Extra extends SelectedFields = Record<never, never>>(
  ex: Executor,
  extra?: Extra,
) =>
  ex
    .select({ ...listColumns, ...(extra as Extra) })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.createdBy))
    .$dynamic();

// Search ----------------------------------------------------------------------------------------

/**
 * The search condition: the words typed, case-insensitively, anywhere in the first name, last name
 * or full name (either order); the phone (a number typed as 07…, 01…, 254… or +254… matches the
 * stored +254…, spaces and dashes ignored); or the national ID. Each arm has a pg_trgm GIN index
 * (the name expression, national_id, phone), so the planner can answer a rare term with a
 * BitmapOr of the three instead of walking the caller's scope; a common one it still reads in
 * list order from customers_created_at_idx, stopping at the page. A term of one or two characters
 * (no trigram) cannot use them and filters the scope. Phones and IDs are digits, so they take the
 * cheaper case-sensitive LIKE (trigram indexes serve LIKE and ILIKE alike).
 */
export function customerSearch(term: string): SQL | undefined {
  const words = term.trim().replace(/\s+/g, ' ');
  if (!words) return undefined;
  const contains = containing(words);
  const conditions: SQL[] = [
    customerNameContains(words),
    like(customers.nationalId, contains),
    like(customers.phone, contains),
  ];
  const compact = words.replace(/[\s()-]/g, '');
  const digits = /^\+?(\d+)$/.exec(compact)?.[1];
  if (digits) {
    if (digits !== words) {
      conditions.push(like(customers.nationalId, `%${digits}%`), like(customers.phone, `%${digits}%`));
    }
    // A local form typed from its start: 0712… or 254712… → +254712…
    const local = /^0(\d+)$/.exec(digits)?.[1] ?? /^254(\d+)$/.exec(digits)?.[1];
    if (local) conditions.push(like(customers.phone, `+254${local}%`));
  }
  return or(...conditions);
}

function listWhere(scope: CustomerScope, search: string | undefined): SQL | undefined {
  return and(
    scope.createdBy === undefined ? undefined : eq(customers.createdBy, scope.createdBy),
    search ? customerSearch(search) : undefined,
  );
}

// Customers -------------------------------------------------------------------------------------

export const insertCustomer = (tx: Executor, row: NewCustomerRow): Promise<CustomerRow> =>
  insertRow(tx, customers, row);

export async function setCustomerPhotos(
  tx: Executor,
  id: number,
  keys: { passportPhotoKey: string | null; nationalIdPhotoKey: string | null },
): Promise<CustomerRow> {
  return updateById(tx, customers, id, keys, 'Customer');
}

export async function findCustomerByNationalId(
  tx: Executor,
  nationalId: string,
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.nationalId, nationalId))
    .limit(1);
  return row;
}

/**
 * The customers who have this phone (+254…), but `exceptId`, with who registered them: at most
 * `limit` rows, read from customers_phone_idx (an equality on the phone, whatever the book's size).
 */
export function findCustomersByPhone(
  ex: Executor,
  phone: string,
  exceptId: number | undefined,
  limit: number,
) {
  return ex
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      createdBy: customers.createdBy,
    })
    .from(customers)
    .where(and(eq(customers.phone, phone), exceptId === undefined ? undefined : ne(customers.id, exceptId)))
    .orderBy(asc(customers.id))
    .limit(limit);
}

/** One customer within the scope, with the registering user's name. */
export async function findCustomer(
  tx: Executor,
  id: number,
  scope: CustomerScope,
): Promise<CustomerListRow | undefined> {
  const [row] = await selectCustomerRows(tx)
    .where(and(eq(customers.id, id), listWhere(scope, undefined)))
    .limit(1);
  return row;
}

/** Locks the customer's row until the transaction ends (no application can reference it meanwhile). */
export async function lockCustomer(tx: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
  return row;
}

const createdByPlaceholder = sql.placeholder('createdBy');
const fromPlaceholder = sql.placeholder('from');
const toPlaceholder = sql.placeholder('to');

/**
 * What the customers list sorts by (customer-lists.ts sorts), each with the index that serves it
 * with the list's condition (schema.ts): the name as `lower(first || ' ' || last)`
 * (customers_sort_name_idx, customers_created_by_sort_name_idx), the registration time
 * (customers_created_at_idx, customers_created_by_idx).
 */
const SORT_COLUMNS: Record<CustomerSort, { column: SQLWrapper; type: 'text' | 'timestamptz' }> = {
  name: { column: customerSortName, type: 'text' },
  registered: { column: customers.createdAt, type: 'timestamptz' },
};

/** Which customers a list shows, besides the caller's scope; its order. */
export interface CustomerListFilter {
  scope: CustomerScope;
  search?: string | undefined;
  /** Registered on or after this business day (YYYY-MM-DD in timeZone). */
  from?: string | undefined;
  /** Registered on or before this business day. */
  to?: string | undefined;
  timeZone: string;
  sort?: CustomerSort | undefined;
  order?: SortOrder | undefined;
}

/**
 * Which rows the customers list holds, for its pages and its export alike: the officer's book
 * (a placeholder), the search, the registration days (placeholders; a range on created_at itself,
 * so that the indexes on it serve it).
 */
function customerListCondition(filter: CustomerListFilter): SQL | undefined {
  const zone = filter.timeZone;
  return and(
    filter.scope.createdBy === undefined ? undefined : eq(customers.createdBy, createdByPlaceholder),
    filter.search ? customerSearch(filter.search) : undefined,
    filter.from
      ? sql`${customers.createdAt} >= (${fromPlaceholder}::date::timestamp at time zone ${zone})`
      : undefined,
    filter.to
      ? sql`${customers.createdAt} < ((${toPlaceholder}::date + 1)::timestamp at time zone ${zone})`
      : undefined,
  );
}

/** The chosen sort, then the id; newest registered first by default. */
const customerListOrder = (filter: CustomerListFilter) =>
  sortOrderBy(
    { name: SORT_COLUMNS.name.column, registered: SORT_COLUMNS.registered.column },
    filter,
    customers.id,
    [desc(customers.createdAt), desc(customers.id)],
  );

/** The placeholders' values of customerListCondition. */
const conditionValues = (filter: CustomerListFilter) => ({
  createdBy: filter.scope.createdBy,
  from: filter.from,
  to: filter.to,
});

/**
 * The name a statement of this list's shape is prepared under (one name, one SQL text), or none
 * for a search, whose condition depends on the term (customerSearch).
 */
const shapeName = (prefix: string, filter: CustomerListFilter) =>
  filter.search
    ? undefined
    : `${prefix}${filter.scope.createdBy === undefined ? '' : '_officer'}${filter.from ? '_from' : ''}${
        filter.to ? '_to' : ''
      }${filter.sort ? `_${filter.sort}_${filter.order ?? 'asc'}` : ''}`;

/** A page of customers in the list's order, with its capped count (pagination.ts cappedTotal). */
function customersPageStatement(db: Database, filter: CustomerListFilter) {
  const counting = db
    .select({ one: sql`1` })
    .from(customers)
    .$dynamic();
  return {
    counting,
    where: customerListCondition(filter),
    orderBy: customerListOrder(filter),
    select: (total: SQL<number>) => selectCustomerRows(db, { total }),
  };
}

/**
 * One page of the scope's customers, filtered and sorted, and the count (countLimit), in one
 * statement, prepared once for each shape of the list (shapeName).
 */
export async function listCustomers(
  db: Database,
  filter: CustomerListFilter,
  request: PageRequest,
): Promise<{ rows: CustomerListRow[]; total: number }> {
  const name = shapeName('customers', filter);
  const build = () => customersPageStatement(db, filter);
  return readListPage(db, name, request, conditionValues(filter), build);
}

/**
 * The whole customers list (its filter and order as on screen) in batches, for a streamed export:
 * each batch one index-backed query continuing after the last row of the one before (keyset on
 * the sort column and the id, keysetBatches), so memory stays one batch and no query reads deeper
 * offsets.
 */
export async function* customerListBatches(
  db: Database,
  filter: CustomerListFilter,
): AsyncGenerator<CustomerListRow[]> {
  const key = filter.sort ? SORT_COLUMNS[filter.sort] : SORT_COLUMNS.registered;
  const descending = filter.sort ? filter.order === 'desc' : true;
  const list = {
    key,
    id: customers.id,
    descending,
    conditions: [customerListCondition(filter)],
    orderBy: customerListOrder(filter),
    select: (sortKey: SQL<string>) => selectCustomerRows(db, { sortKey }),
  };
  const name = shapeName('customers_export', filter);
  yield* preparedListBatches(db, name, conditionValues(filter), list, (row) => row.id);
}

/** Deletes the customer; referees, collaterals, guarantors and their collaterals go with it (cascade). */
export async function deleteCustomer(tx: Executor, id: number): Promise<void> {
  await tx.delete(customers).where(eq(customers.id, id));
}

export async function hasApplicationsOrLoans(tx: Executor, customerId: number): Promise<boolean> {
  return (
    (await anyRow(tx, loanApplications, eq(loanApplications.customerId, customerId))) ||
    anyRow(tx, loans, eq(loans.customerId, customerId))
  );
}

// Referees, collaterals, guarantors -----------------------------------------------------------

/** Inserts the rows (none: no statement) and returns them as stored. */
async function insertAll<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  return (await tx
    .insert(table)
    .values(rows as PgInsertValue<T>[])
    .returning()) as T['$inferSelect'][];
}

/** The rows of `table` matching `where`, in the order they were added (by id). */
async function inAddedOrder<T extends PgTable & { id: AnyPgColumn }>(
  tx: Executor,
  table: T,
  where: SQL,
): Promise<T['$inferSelect'][]> {
  return (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(asc(table.id))) as T['$inferSelect'][];
}

export const insertReferees = (tx: Executor, rows: (typeof referees.$inferInsert)[]): Promise<RefereeRow[]> =>
  insertAll(tx, referees, rows);

export const insertCollaterals = (
  tx: Executor,
  rows: (typeof collaterals.$inferInsert)[],
): Promise<CollateralRow[]> => insertAll(tx, collaterals, rows);

export const insertGuarantor = (tx: Executor, row: typeof guarantors.$inferInsert): Promise<GuarantorRow> =>
  insertRow(tx, guarantors, row);

export const insertGuarantorCollaterals = (
  tx: Executor,
  rows: (typeof guarantorCollaterals.$inferInsert)[],
): Promise<GuarantorCollateralRow[]> => insertAll(tx, guarantorCollaterals, rows);

export const listReferees = (tx: Executor, customerId: number): Promise<RefereeRow[]> =>
  inAddedOrder(tx, referees, eq(referees.customerId, customerId));

export const listCollaterals = (tx: Executor, customerId: number): Promise<CollateralRow[]> =>
  inAddedOrder(tx, collaterals, eq(collaterals.customerId, customerId));

export const listGuarantors = (tx: Executor, customerId: number): Promise<GuarantorRow[]> =>
  inAddedOrder(tx, guarantors, eq(guarantors.customerId, customerId));

export async function listGuarantorCollaterals(
  tx: Executor,
  guarantorIds: number[],
): Promise<GuarantorCollateralRow[]> {
  if (guarantorIds.length === 0) return [];
  return inAddedOrder(tx, guarantorCollaterals, inArray(guarantorCollaterals.guarantorId, guarantorIds));
}

// Files -----------------------------------------------------------------------------------------

/** Deletes the file rows of the customer and of their guarantors; returns the keys, to delete the bytes after commit. */
export async function deleteCustomerFiles(
  tx: Executor,
  customerId: number,
  guarantorIds: number[],
): Promise<string[]> {
  const owners = [and(eq(files.ownerEntity, 'customer'), eq(files.ownerId, customerId))];
  if (guarantorIds.length) {
    owners.push(and(eq(files.ownerEntity, 'guarantor'), inArray(files.ownerId, guarantorIds)));
  }
  const removed = await tx
    .delete(files)
    .where(or(...owners))
    .returning({ key: files.key });
  return removed.map((row) => row.key);
}

// The customer page ------------------------------------------------------------------------------

/**
 * The customer's newest applications with their product's name and the loan made from each
 * (loan_applications_customer_idx, loans_application_key).
 */
export async function listCustomerApplications(ex: Executor, customerId: number, limit: number) {
  return ex
    .select({
      id: loanApplications.id,
      status: loanApplications.status,
      amount: loanApplications.amount,
      product: loanProducts.name,
      model: loanApplications.model,
      rejectionReason: loanApplications.rejectionReason,
      loanId: loans.id,
      createdAt: loanApplications.createdAt,
    })
    .from(loanApplications)
    .innerJoin(loanProducts, eq(loanProducts.id, loanApplications.productId))
    .leftJoin(loans, eq(loans.applicationId, loanApplications.id))
    .where(eq(loanApplications.customerId, customerId))
    .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id))
    .limit(limit);
}

/** The customer's newest loans, with the customer's columns a loan row shows (loans_customer_idx). */
export async function listCustomerLoans(ex: Executor, customerId: number, limit: number) {
  return selectLoansWithCustomers(ex)
    .where(eq(loans.customerId, customerId))
    .orderBy(desc(loans.createdAt), desc(loans.id))
    .limit(limit);
}

/** The customer's newest recorded repayments (repayments_customer_idx). */
export async function listCustomerRepayments(ex: Executor, customerId: number, limit: number) {
  return ex
    .select({
      id: repayments.id,
      loanId: repayments.loanId,
      mpesaCode: repayments.mpesaCode,
      amount: repayments.amount,
      paidDate: repayments.paidDate,
      status: repayments.status,
    })
    .from(repayments)
    .where(eq(repayments.customerId, customerId))
    .orderBy(desc(repayments.createdAt), desc(repayments.id))
    .limit(limit);
}

/** Writes the changed columns of a customer. */
export async function updateCustomer(
  tx: Executor,
  id: number,
  values: Partial<NewCustomerRow>,
): Promise<CustomerRow> {
  return updateById(tx, customers, id, values, 'Customer');
}

/** Writes the changed columns of one of the customer's next of kin. */
export async function updateReferee(
  tx: Executor,
  customerId: number,
  id: number,
  values: Partial<typeof referees.$inferInsert>,
): Promise<void> {
  await tx
    .update(referees)
    .set(values)
    .where(and(eq(referees.id, id), eq(referees.customerId, customerId)));
}
