/**
 * What the report pages share: a business-day range as an index-friendly condition on a timestamp
 * column, and one page of loan rows in a stable order (oldest disbursement first, then id).
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { LoanRow } from '@lender/shared/contract/loans';
import { customers, loans } from '../../db/schema';
import { offsetOf, type PageRequest } from '../pagination';
import { EXPORT_BATCH_ROWS } from '../loans/lists';
import { loanWithCustomerColumns } from '../loans/repository';
import { toLoanRows, type LoansContext } from '../loans/service';

/** Rows a report page holds; the page size is the server's, as in every list (spec §9). */
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
 * One page of the loans matching `where`, oldest disbursement first (id breaks ties). The page's
 * ids are chosen on loans alone, so skipping to a later page reads the skipped loans' keys only,
 * then the page's rows are joined with their customers; rows as of today (toLoanRows).
 */
export async function loanRowsPage(
  ctx: LoansContext,
  where: SQL | undefined,
  request: PageRequest,
): Promise<LoanRow[]> {
  const { limit, offset } = offsetOf(request);
  const page = ctx.db
    .select({ id: loans.id })
    .from(loans)
    .where(where)
    .orderBy(asc(loans.disbursementDate), asc(loans.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await ctx.db
    .select(loanWithCustomerColumns)
    .from(page)
    .innerJoin(loans, eq(loans.id, page.id))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .orderBy(asc(loans.disbursementDate), asc(loans.id));
  return toLoanRows(ctx, rows);
}

/**
 * Every loan matching `where` in the report's order (oldest disbursement first, then id), a batch
 * of EXPORT_BATCH_ROWS at a time: each batch starts after the last row of the one before (keyset),
 * so an export of a whole period reads each row once and holds one batch in memory.
 */
export async function* loanRowBatches(ctx: LoansContext, where: SQL | undefined): AsyncGenerator<LoanRow[]> {
  let after: { disbursed: Date; id: number } | undefined;
  for (;;) {
    const rows = await ctx.db
      .select(loanWithCustomerColumns)
      .from(loans)
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(
        and(
          where,
          sql`${loans.disbursementDate} is not null`,
          after
            ? sql`(${loans.disbursementDate}, ${loans.id}) > (${after.disbursed.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(loans.disbursementDate), asc(loans.id))
      .limit(EXPORT_BATCH_ROWS);
    if (rows.length === 0) return;
    yield await toLoanRows(ctx, rows);
    const last = rows[rows.length - 1];
    if (!last?.loan.disbursementDate || rows.length < EXPORT_BATCH_ROWS) return;
    after = { disbursed: last.loan.disbursementDate, id: last.loan.id };
  }
}
