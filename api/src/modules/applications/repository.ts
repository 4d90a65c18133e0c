import { and, desc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ApplicationListName, ApplicationSort } from '@lender/shared/contract/application-lists';
import type { SortOrder } from '@lender/shared/contract/common';
import type { ApplicationStatus } from '@lender/shared/domain/statuses';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { anyRow, insertRow, updateByIdIf } from '../../db/rows';
import { customers, loanApplications, loanProducts, loans } from '../../db/schema';
import { customerSortName } from '../sql-helpers';
import { preparedListBatches, readListPage, sortOrderBy, type PageRequest } from '../pagination';

export type ApplicationRow = typeof loanApplications.$inferSelect;
export type NewApplicationRow = typeof loanApplications.$inferInsert;
export type LoanRow = typeof loans.$inferSelect;
export type NewLoanRow = typeof loans.$inferInsert;

/** Whose applications a query may see: those of one officer's customers, or all (undefined). */
export interface ApplicationScope {
  customersOf?: number | undefined;
}

const inScope = (scope: ApplicationScope): SQL | undefined =>
  scope.customersOf === undefined ? undefined : eq(customers.createdBy, scope.customersOf);

export const insertApplication = (tx: Executor, row: NewApplicationRow): Promise<ApplicationRow> =>
  insertRow(tx, loanApplications, row);

const pendingApplication = eq(loanApplications.status, 'pending');

export async function hasPendingApplication(tx: Executor, customerId: number): Promise<boolean> {
  return anyRow(tx, loanApplications, and(eq(loanApplications.customerId, customerId), pendingApplication));
}

/**
 * True when the phone is on an application still pending or on a loan not yet paid. Pending is
 * read first: an approval that commits between the two reads turns a pending application into an
 * unpaid loan, which the second read then sees.
 */
export async function isImeiFinanced(tx: Executor, imei: string): Promise<boolean> {
  return (
    (await anyRow(tx, loanApplications, and(eq(loanApplications.imei, imei), pendingApplication))) ||
    anyRow(tx, loans, and(eq(loans.imei, imei), ne(loans.status, 'paid')))
  );
}

/** The application if its customer is in the scope. */
export async function findApplication(
  tx: Executor,
  id: number,
  scope: ApplicationScope,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select({ application: loanApplications })
    .from(loanApplications)
    .innerJoin(customers, eq(customers.id, loanApplications.customerId))
    .where(and(eq(loanApplications.id, id), inScope(scope)))
    .limit(1);
  return row?.application;
}

/**
 * The decision itself: pending → approved or rejected, only if still pending. Concurrent calls
 * queue on the row; the first to commit wins and the others find it no longer pending (no row).
 */
export async function decideApplication(
  tx: Executor,
  id: number,
  decision: {
    status: Exclude<ApplicationStatus, 'pending'>;
    decidedBy: number;
    decidedAt: Date;
    rejectionReason?: string | null;
  },
): Promise<ApplicationRow | undefined> {
  return updateByIdIf(tx, loanApplications, id, pendingApplication, {
    status: decision.status,
    decidedBy: decision.decidedBy,
    decidedAt: decision.decidedAt,
    rejectionReason: decision.rejectionReason ?? null,
  });
}

export const insertLoan = (tx: Executor, row: NewLoanRow): Promise<LoanRow> => insertRow(tx, loans, row);

// Lists -------------------------------------------------------------------------------------------

const listColumns = {
  id: loanApplications.id,
  customerId: loanApplications.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  nationalId: customers.nationalId,
  phone: customers.phone,
  monthlyIncome: customers.monthlyIncome,
  occupation: customers.occupation,
  address: customers.address,
  productId: loanApplications.productId,
  productName: loanProducts.name,
  amount: loanApplications.amount,
  purpose: loanApplications.purpose,
  model: loanApplications.model,
  imei: loanApplications.imei,
  rejectionReason: loanApplications.rejectionReason,
  decidedAt: loanApplications.decidedAt,
  createdAt: loanApplications.createdAt,
};

/**
 * The status as an SQL literal, not a bind parameter: loan_applications_rejected_list_idx is partial
 * (status = 'rejected'), and the planner uses it only when it can prove the condition implies that,
 * which a parameter hides. The status is a constant of LIST_SQL, never input.
 */
const statusIs = (status: ApplicationStatus) => sql`${loanApplications.status} = ${sql.raw(`'${status}'`)}`;

/** Which applications a list holds, in what order, and the date its from/to filter reads. */
export interface ApplicationListSql {
  where: SQL;
  /** Its own order when no sort is chosen, read from an index backwards. */
  order: SQL[];
  /** Filtered from 00:00 of `from` to before 00:00 after `to`, in the lender's time zone. */
  date: AnyPgColumn;
}

/**
 * The SQL of each list of shared/src/contract/application-lists.ts: the one thing a new list adds on
 * the server (typed by ApplicationListName, so a list without it does not compile). Pending:
 * newest submitted first (loan_applications_status_list_idx); rejected: most recently rejected
 * first (loan_applications_rejected_list_idx).
 */
export const LIST_SQL: Record<ApplicationListName, ApplicationListSql> = {
  pending: {
    where: statusIs('pending'),
    order: [desc(loanApplications.createdAt), desc(loanApplications.id)],
    date: loanApplications.createdAt,
  },
  rejected: {
    where: statusIs('rejected'),
    order: [desc(loanApplications.decidedAt), desc(loanApplications.id)],
    date: loanApplications.decidedAt,
  },
};

const customersOfPlaceholder = sql.placeholder('customersOf');

/**
 * A list's sort and filters (issue 14). None given: the list's own order, prepared once; any given:
 * the statement is built for them (their values are in it).
 */
export interface ApplicationListOptions {
  sort?: ApplicationSort | undefined;
  order?: SortOrder | undefined;
  productId?: number | undefined;
  /** Business dates, inclusive, of the list's date: submitted (pending), rejected (rejected). */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * What each sort orders by (then the application's id), with its type for an export's keyset
 * (pagination.ts keysetAfter): the customer's name as the customers list sorts it
 * (customerSortName), the amount and the dates from loan_applications_*_sort_idx (db/schema.ts).
 */
const SORT_KEYS: Record<ApplicationSort, { column: SQLWrapper; type: 'text' | 'numeric' | 'timestamptz' }> = {
  customer_name: { column: customerSortName, type: 'text' },
  amount: { column: loanApplications.amount, type: 'numeric' },
  created_at: { column: loanApplications.createdAt, type: 'timestamptz' },
  rejected_at: { column: loanApplications.decidedAt, type: 'timestamptz' },
};
const SORT_COLUMNS = Object.fromEntries(
  Object.entries(SORT_KEYS).map(([sort, key]) => [sort, key.column]),
) as Record<ApplicationSort, SQLWrapper>;

/** The list's date filtered by from/to, written on the column so that an index serves the range. */
function filterCondition(
  list: ApplicationListName,
  options: ApplicationListOptions,
  timeZone: string,
): SQL | undefined {
  const column = LIST_SQL[list].date;
  return and(
    options.productId !== undefined ? eq(loanApplications.productId, options.productId) : undefined,
    options.from ? sql`${column} >= (${options.from}::date::timestamp at time zone ${timeZone})` : undefined,
    options.to ? sql`${column} < ((${options.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  );
}

/**
 * A page of a list's applications in its order (LIST_SQL) and its capped count
 * (pagination.ts cappedTotal); the count joins customers only for an officer's scope, whose id is a
 * placeholder.
 */
function applicationsPageStatement(
  db: Database,
  list: ApplicationListName,
  scoped: boolean,
  custom?: { options: ApplicationListOptions; timeZone: string },
) {
  const where = and(
    LIST_SQL[list].where,
    scoped ? eq(customers.createdBy, customersOfPlaceholder) : undefined,
    custom ? filterCondition(list, custom.options, custom.timeZone) : undefined,
  );
  const orderBy = sortOrderBy(SORT_COLUMNS, custom?.options ?? {}, loanApplications.id, LIST_SQL[list].order);
  let counting = db
    .select({ one: sql`1` })
    .from(loanApplications)
    .$dynamic();
  if (scoped) counting = counting.innerJoin(customers, eq(customers.id, loanApplications.customerId));
  return {
    counting,
    where,
    orderBy,
    select: (total: SQL<number>) =>
      db
        .select({ ...listColumns, total })
        .from(loanApplications)
        .innerJoin(customers, eq(customers.id, loanApplications.customerId))
        .innerJoin(loanProducts, eq(loanProducts.id, loanApplications.productId))
        .$dynamic(),
  };
}

/**
 * One page of a list's applications in the scope and their count (countLimit), in one statement
 * prepared once for each list and scope's shape.
 */
export async function listApplications(
  db: Database,
  list: ApplicationListName,
  scope: ApplicationScope,
  request: PageRequest,
  custom?: { options: ApplicationListOptions; timeZone: string },
) {
  const scoped = scope.customersOf !== undefined;
  const customized = custom !== undefined && Object.values(custom.options).some((v) => v !== undefined);
  const name = customized ? undefined : `applications_${list}${scoped ? '_officer' : ''}`;
  const build = () => applicationsPageStatement(db, list, scoped, customized ? custom : undefined);
  return readListPage(db, name, request, { customersOf: scope.customersOf }, build);
}

export type ApplicationListRow = Awaited<ReturnType<typeof listApplications>>['rows'][number];

/**
 * The whole of a list (its scope, filters and order as on screen) in batches, for a streamed
 * export: each batch one index-backed query continuing after the last row of the one before
 * (keyset on the sort key and the id), so memory stays one batch. Prepared once for the list's own
 * order; a chosen sort or filter is built for the call (its values are in the statement).
 */
export async function* applicationListBatches(
  db: Database,
  list: ApplicationListName,
  scope: ApplicationScope,
  custom: { options: ApplicationListOptions; timeZone: string },
): AsyncGenerator<ApplicationListRow[]> {
  const scoped = scope.customersOf !== undefined;
  const { options } = custom;
  const customized = Object.values(options).some((value) => value !== undefined);
  const dateKey = { column: LIST_SQL[list].date, type: 'timestamptz' };
  const batches = preparedListBatches(
    db,
    customized ? undefined : `applications_export_${list}${scoped ? '_officer' : ''}`,
    { customersOf: scope.customersOf },
    {
      key: options.sort ? SORT_KEYS[options.sort] : dateKey,
      id: loanApplications.id,
      descending: options.sort ? options.order === 'desc' : true,
      conditions: [
        LIST_SQL[list].where,
        scoped ? eq(customers.createdBy, customersOfPlaceholder) : undefined,
        customized ? filterCondition(list, options, custom.timeZone) : undefined,
      ],
      orderBy: sortOrderBy(SORT_COLUMNS, options, loanApplications.id, LIST_SQL[list].order),
      select: (sortKey: SQL<string>) =>
        db
          .select({ ...listColumns, total: sql<number>`0`, sortKey })
          .from(loanApplications)
          .innerJoin(customers, eq(customers.id, loanApplications.customerId))
          .innerJoin(loanProducts, eq(loanProducts.id, loanApplications.productId))
          .$dynamic(),
    },
    (row) => row.id,
  );
  yield* batches;
}
