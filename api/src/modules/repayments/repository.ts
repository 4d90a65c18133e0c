import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { preparedStatement, type Database, type Executor } from '../../db/client';
import { customers, loans, repayments, users } from '../../db/schema';
import { customerNameContains, escapeLike } from '../customers/repository';
import type { RepaymentRecord } from '../loans/repository';
import { cappedTotal, pagePlaceholders, pageValues, totalOf, type PageRequest } from '../pagination';

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
  const [row] = await ex
    .update(repayments)
    .set({ status: 'paid', approvedBy, approvedAt })
    .where(and(eq(repayments.id, id), eq(repayments.status, 'pending')))
    .returning();
  return row;
}

export type RepaymentListKind = 'pending' | 'approved' | 'all';

export interface RepaymentListFilter {
  kind: RepaymentListKind;
  /** Only on the list of all statuses. */
  status?: 'pending' | 'paid' | undefined;
  officerId?: number | undefined;
  search?: string | undefined;
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
  return or(byName, ilike(repayments.mpesaCode, `%${escapeLike(words)}%`));
}

const officerPlaceholder = sql.placeholder('officerId');

/** The status a list shows: its own (pending, approved), or on the list of all, the one asked for. */
const statusOf = (filter: RepaymentListFilter) =>
  filter.kind === 'pending' ? 'pending' : filter.kind === 'approved' ? 'paid' : filter.status;

/**
 * A page of repayments with customer, loan status and recorder, and its capped count
 * (pagination.ts cappedTotal); the officer is a placeholder, the search a condition built for it.
 */
function repaymentsPageStatement(ex: Executor, filter: RepaymentListFilter, search: SQL | undefined) {
  const status = statusOf(filter);
  const scoped = filter.officerId !== undefined;
  const where = and(
    status ? eq(repayments.status, status) : undefined,
    scoped ? eq(loans.officerId, officerPlaceholder) : undefined,
    search,
  );
  const orderBy =
    filter.kind === 'approved'
      ? [desc(repayments.approvedAt), desc(repayments.id)]
      : [desc(repayments.createdAt), desc(repayments.id)];
  // The count reads at most countLimit + 1 rows (pagination.ts), joining only what the filter needs.
  let counting = ex
    .select({ one: sql`1` })
    .from(repayments)
    .$dynamic();
  if (scoped || search) counting = counting.innerJoin(loans, eq(loans.id, repayments.loanId));
  if (search) counting = counting.innerJoin(customers, eq(customers.id, repayments.customerId));
  const counted = counting.where(where).limit(pagePlaceholders.countRows).as('counted');
  return {
    page: ex
      .select({
        repayment: repayments,
        firstName: customers.firstName,
        lastName: customers.lastName,
        loanStatus: loans.status,
        createdByFirstName: users.firstName,
        createdByLastName: users.lastName,
        total: cappedTotal(counted),
      })
      .from(repayments)
      .innerJoin(loans, eq(loans.id, repayments.loanId))
      .innerJoin(customers, eq(customers.id, repayments.customerId))
      .leftJoin(users, eq(users.id, repayments.createdBy))
      .where(where)
      .orderBy(...orderBy)
      .limit(pagePlaceholders.limit)
      .offset(pagePlaceholders.offset),
    count: ex.select({ total: count() }).from(counted),
  };
}

/**
 * A page of repayments and the total count, in one statement. Without a search it is prepared
 * once for each shape (list, status, officer or not); a search's condition holds the ids its
 * customer lookup found (searchCondition), so it is built for the call.
 */
export async function listRepayments(db: Database, filter: RepaymentListFilter, request: PageRequest) {
  const search = await searchCondition(db, filter.search);
  const status = statusOf(filter);
  const name = search
    ? undefined
    : `repayments_${filter.kind}${filter.kind === 'all' && status ? `_${status}` : ''}${filter.officerId === undefined ? '' : '_officer'}`;
  const build = () => repaymentsPageStatement(db, filter, search);
  const values = { ...pageValues(request), officerId: filter.officerId };
  const rows = await preparedStatement(db, name && `${name}_page`, (named) =>
    build().page.prepare(named),
  ).execute(values);
  const total = await totalOf(rows, request, async () => {
    const [counted] = await preparedStatement(db, name && `${name}_count`, (named) =>
      build().count.prepare(named),
    ).execute(values);
    return counted?.total ?? 0;
  });
  return { rows, total };
}
