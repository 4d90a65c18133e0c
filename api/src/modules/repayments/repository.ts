import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@lender/shared/contract/common';
import type { RepaymentListName, RepaymentSort } from '@lender/shared/contract/repayment-lists';
import type { RepaymentStatus } from '@lender/shared/domain/statuses';
import { type Database, type Executor } from '../../db/client';
import { updateByIdIf } from '../../db/rows';
import { customers, loans, repayments } from '../../db/schema';
import { selectRepaymentRows } from '../../db/joined-rows';
import { containing, customerNameContains } from '../sql-helpers';
import type { RepaymentRecord } from '../loans/service';
import { preparedListBatches, readListPage, sortOrderBy, type PageRequest } from '../pagination';
import { LIST_SQL, type KeyColumn } from './list-sql';

/** A repayment with the officer whose book its loan is in. */
export async function findRepayment(
  ex: Executor,
  id: number,
): Promise<{ repayment: RepaymentRecord; officerId: number } | undefined> {
  const [row] = await ex
    .select({ repayment: repayments, officerId: loans.officerId })
    .from(repayments)
    .innerJoin(loans, eq(loans.id, repayments.loanId))
    .where(eq(repayments.id, id));
  return row;
}

/**
 * Marks a pending repayment paid: the update is guarded by status = 'pending', so of concurrent
 * approvals only the first finds it pending (undefined for the others).
 */
export async function markRepaymentPaid(
  ex: Executor,
  id: number,
  approvedBy: number,
  approvedAt: Date,
): Promise<RepaymentRecord | undefined> {
  const pending = eq(repayments.status, 'pending');
  return updateByIdIf(ex, repayments, id, pending, { status: 'paid', approvedBy, approvedAt });
}

/**
 * Marks a pending repayment rejected, with who, when and why: guarded by status = 'pending' like
 * markRepaymentPaid, so of a concurrent approval and rejection only the first finds it pending.
 */
export async function markRepaymentRejected(
  ex: Executor,
  id: number,
  rejection: { rejectedBy: number; rejectedAt: Date; rejectionReason: string },
): Promise<RepaymentRecord | undefined> {
  const pending = eq(repayments.status, 'pending');
  return updateByIdIf(ex, repayments, id, pending, { status: 'rejected', ...rejection });
}

/** A list's name (shared/src/contract/repayment-lists.ts); its SQL is list-sql.ts. */
export type RepaymentListKind = RepaymentListName;

export interface RepaymentListFilter {
  kind: RepaymentListKind;
  /** Only on a list whose rows differ in status (the list of all statuses). */
  status?: RepaymentStatus | undefined;
  officerId?: number | undefined;
  /** Repayments of loans of this product. */
  productId?: number | undefined;
  search?: string | undefined;
  /** Paid on or after / on or before these business days (paid_date). */
  from?: string | undefined;
  to?: string | undefined;
  sort?: RepaymentSort | undefined;
  order?: SortOrder | undefined;
}

/**
 * Up to this many customers of the name typed, the search takes their ids first; more (a common
 * name) and it stays a condition on the joined customer.
 */
const NAME_IDS_LIMIT = 500;

/**
 * Customer name (either order) or M-Pesa code, case-insensitively, with %, _ and \ escaped.
 *
 * An OR across two tables (the customer's name, the repayment's code) leaves the planner no index
 * to start from: it walks every repayment in list order (about 2.5 s at 1M repayments for a name
 * nobody has). So the customers of that name are looked up first, through their trigram index,
 * and the condition becomes `customer_id in (…) or mpesa_code ilike …`, both arms on repayments
 * and index-backed (repayments_customer_idx, repayments_mpesa_code_trgm_idx). A common name
 * matches many customers, whose rows come soon in list order anyway: past NAME_IDS_LIMIT the
 * name stays a condition on the join, as before.
 */
async function searchCondition(ex: Executor, search: string | undefined): Promise<SQL | undefined> {
  const words = search?.trim().replace(/\s+/g, ' ');
  if (!words) return undefined;
  const named = await ex
    .select({ id: customers.id })
    .from(customers)
    .where(customerNameContains(words))
    .limit(NAME_IDS_LIMIT + 1);
  const byName =
    named.length > NAME_IDS_LIMIT
      ? customerNameContains(words)
      : inArray(
          repayments.customerId,
          named.map((row) => row.id),
        );
  return or(byName, ilike(repayments.mpesaCode, containing(words)));
}

const officerPlaceholder = sql.placeholder('officerId');
const productPlaceholder = sql.placeholder('productId');
const fromPlaceholder = sql.placeholder('from');
const toPlaceholder = sql.placeholder('to');

/**
 * What the repayment lists sort by (contract REPAYMENT_SORTS), with the type an export's keyset
 * casts it to. With the list's status, each is served by an index (schema.ts repayments_status_*).
 */
const SORT_COLUMNS: Record<RepaymentSort, KeyColumn> = {
  paid_date: { column: repayments.paidDate, type: 'date' },
  amount: { column: repayments.amount, type: 'numeric' },
  mpesa_code: { column: repayments.mpesaCode, type: 'text' },
  recorded: { column: repayments.createdAt, type: 'timestamptz' },
};

/** The list's own order (list-sql.ts): newest recorded first; the approved list most recently approved first. */
const defaultKey = (filter: RepaymentListFilter) => LIST_SQL[filter.kind].key;

const repaymentListOrder = (filter: RepaymentListFilter) =>
  sortOrderBy(
    {
      paid_date: repayments.paidDate,
      amount: repayments.amount,
      mpesa_code: repayments.mpesaCode,
      recorded: repayments.createdAt,
    },
    filter,
    repayments.id,
    [desc(defaultKey(filter).column), desc(repayments.id)],
  );

/**
 * Which rows a repayment list holds, for its pages and its export alike: its own (list-sql.ts), the
 * status asked for, the officer's book and the loan's product (placeholders), the search
 * (searchCondition's), the payment days (placeholders).
 */
function repaymentListCondition(filter: RepaymentListFilter, search: SQL | undefined): SQL | undefined {
  return and(
    LIST_SQL[filter.kind].where,
    filter.status ? eq(repayments.status, filter.status) : undefined,
    filter.officerId !== undefined ? eq(loans.officerId, officerPlaceholder) : undefined,
    filter.productId !== undefined ? eq(loans.productId, productPlaceholder) : undefined,
    search,
    filter.from ? gte(repayments.paidDate, sql`${fromPlaceholder}::date`) : undefined,
    filter.to ? lte(repayments.paidDate, sql`${toPlaceholder}::date`) : undefined,
  );
}

/** The placeholders' values of repaymentListCondition. */
const conditionValues = (filter: RepaymentListFilter) => ({
  officerId: filter.officerId,
  productId: filter.productId,
  from: filter.from,
  to: filter.to,
});

/**
 * The name a statement of this list's shape is prepared under (one name, one SQL text), or none
 * for a search, whose condition holds the ids its customer lookup found.
 */
function shapeName(prefix: string, filter: RepaymentListFilter, search: SQL | undefined) {
  if (search) return undefined;
  return `${prefix}_${filter.kind}${filter.status ? `_${filter.status}` : ''}${
    filter.officerId === undefined ? '' : '_officer'
  }${filter.productId === undefined ? '' : '_product'}${filter.from ? '_from' : ''}${filter.to ? '_to' : ''}${
    filter.sort ? `_${filter.sort}_${filter.order ?? 'asc'}` : ''
  }`;
}

/**
 * A page of repayments with customer, loan status and recorder, and its capped count
 * (pagination.ts cappedTotal); the officer is a placeholder, the search a condition built for it.
 */
function repaymentsPageStatement(ex: Executor, filter: RepaymentListFilter, search: SQL | undefined) {
  // The officer and the product are the loan's: the count joins loans for either.
  const scoped = filter.officerId !== undefined || filter.productId !== undefined;
  const where = repaymentListCondition(filter, search);
  // The count reads at most countLimit + 1 rows (pagination.ts), joining only what the filter needs.
  let counting = ex
    .select({ one: sql`1` })
    .from(repayments)
    .$dynamic();
  if (scoped || search) counting = counting.innerJoin(loans, eq(loans.id, repayments.loanId));
  if (search) counting = counting.innerJoin(customers, eq(customers.id, repayments.customerId));
  return {
    counting,
    where,
    orderBy: repaymentListOrder(filter),
    select: (total: SQL<number>) => selectRepaymentRows(ex, { total }),
  };
}

/**
 * A page of repayments and the total count, in one statement. Without a search it is prepared
 * once for each shape (list, status, officer, dates, sort); a search's condition holds the ids
 * its customer lookup found (searchCondition), so it is built for the call.
 */
export async function listRepayments(db: Database, filter: RepaymentListFilter, request: PageRequest) {
  const search = await searchCondition(db, filter.search);
  const name = shapeName('repayments', filter, search);
  const build = () => repaymentsPageStatement(db, filter, search);
  return readListPage(db, name, request, conditionValues(filter), build);
}

/**
 * The whole of a repayment list (its filter and order as on screen) in batches, for a streamed
 * export: each batch one index-backed query continuing after the last row of the one before
 * (keyset on the sort column and the id, keysetBatches), so memory stays one batch.
 */
export async function* repaymentListBatches(db: Database, filter: RepaymentListFilter) {
  const search = await searchCondition(db, filter.search);
  const key = filter.sort ? SORT_COLUMNS[filter.sort] : defaultKey(filter);
  const descending = filter.sort ? filter.order === 'desc' : true;
  const list = {
    key,
    id: repayments.id,
    descending,
    conditions: [repaymentListCondition(filter, search)],
    orderBy: repaymentListOrder(filter),
    select: (sortKey: SQL<string>) => selectRepaymentRows(db, { sortKey }),
  };
  const name = shapeName('repayments_export', filter, search);
  yield* preparedListBatches(db, name, conditionValues(filter), list, (row) => row.repayment.id);
}
