/**
 * What the report pages share: a business-day range as an index-friendly condition on a timestamp
 * column, and one page of loan rows in a stable order (oldest disbursement first, then id).
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@lender/shared/contract/common';
import type { ReportLoanSort } from '@lender/shared/contract/reports';
import type { LoanRow } from '@lender/shared/contract/loans';
import { customers, loans } from '../../db/schema';
import {
  EXPORT_BATCH_ROWS,
  keysetAfter,
  keysetBatches,
  offsetOf,
  sortOrderBy,
  type PageRequest,
} from '../pagination';
import { loanWithCustomerColumns } from '../loans/repository';
import { toLoanRows } from '../loans/loan-rows';
import { type LoansContext } from '../loans/context';

/** Rows a report page holds; the page size is the server's, as in every list (docs/product.md#constants). */
export const REPORT_PAGE_SIZE = 10;

/**
 * The instants whose business day in `timeZone` lies in [start, end] (inclusive dates), written
 * as a range on the column itself, `>= start 00:00 local and < (end + 1) 00:00 local`, so that
 * an index on the column serves it; `(column at time zone tz)::date between …` would not.
 */
export const withinBusinessDays = (
  column: AnyColumn,
  range: { start: string; end: string },
  timeZone: string,
): SQL =>
  sql`(${column} >= (${range.start}::date::timestamp at time zone ${timeZone}) and ${column} < ((${range.end}::date + 1)::timestamp at time zone ${timeZone}))`;

/**
 * The sortable columns of the report pages' loan lists, and the type a keyset compares their
 * values as (carried as text between batches, so that a timestamp keeps its microseconds).
 */
const SORT_COLUMNS = {
  principal: { column: loans.principal, type: 'numeric' },
  total_amount: { column: loans.totalAmount, type: 'numeric' },
  paid_amount: { column: loans.paidAmount, type: 'numeric' },
  remaining_balance: { column: loans.remainingBalance, type: 'numeric' },
  status: { column: loans.status, type: 'text' },
  disbursement_date: { column: loans.disbursementDate, type: 'timestamptz' },
} satisfies Record<ReportLoanSort, { column: AnyColumn; type: string }>;

export interface ReportSort {
  sort?: ReportLoanSort | undefined;
  order?: SortOrder | undefined;
}

/** The page's order: the chosen column (then id) or the oldest disbursement first. */
const orderOf = (sort: ReportSort) =>
  sortOrderBy((key) => SORT_COLUMNS[key].column, sort, loans.id, [
    asc(loans.disbursementDate),
    asc(loans.id),
  ]);

/**
 * One page of the loans matching `where`, oldest disbursement first (id breaks ties) or in the
 * chosen sort. The page's ids are chosen on loans alone, so skipping to a later page reads the
 * skipped loans' keys only, then the page's rows are joined with their customers; rows as of today
 * (toLoanRows).
 */
export async function loanRowsPage(
  ctx: LoansContext,
  where: SQL | undefined,
  request: PageRequest,
  sort: ReportSort = {},
): Promise<LoanRow[]> {
  const { limit, offset } = offsetOf(request);
  const orderBy = orderOf(sort);
  const page = ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await ctx.db
    .select(loanWithCustomerColumns)
    .from(page)
    .innerJoin(loans, eq(loans.id, page.id))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .orderBy(...orderBy);
  return toLoanRows(ctx, rows);
}

/**
 * Every loan matching `where` in the page's order, a batch of EXPORT_BATCH_ROWS at a time: each
 * batch starts after the last row of the one before (keyset on the order's column and the id), so
 * an export of a whole period reads each row once and holds one batch in memory.
 */
export async function* loanRowBatches(
  ctx: LoansContext,
  where: SQL | undefined,
  sort: ReportSort = {},
): AsyncGenerator<LoanRow[]> {
  const key = SORT_COLUMNS[sort.sort ?? 'disbursement_date'];
  const descending = sort.sort !== undefined && sort.order === 'desc';
  const orderBy = orderOf(sort);
  const batches = keysetBatches(
    (last: { sortKey: string | null; loan: { id: number } } | undefined) =>
      ctx.db
        .select({ ...loanWithCustomerColumns, sortKey: sql<string | null>`(${key.column})::text` })
        .from(loans)
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(
          and(
            where,
            // The report pages list disbursed loans only; the keyset's column is then never null
            // (every sortable column is not null once a loan is disbursed).
            sql`${loans.disbursementDate} is not null`,
            last
              ? keysetAfter(key, loans.id, descending, { key: last.sortKey, id: last.loan.id })
              : undefined,
          ),
        )
        .orderBy(...orderBy)
        .limit(EXPORT_BATCH_ROWS),
    EXPORT_BATCH_ROWS,
  );
  for await (const rows of batches) yield await toLoanRows(ctx, rows);
}
