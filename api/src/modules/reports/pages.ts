/**
 * What the report pages share: one page, or every batch, of their loans as the contract's rows as
 * of today (toLoanRows), in a stable order (oldest disbursement first, then id) or the chosen one.
 */
import type { SQL } from 'drizzle-orm';
import type { LoanRow } from '@lender/shared/contract/loans';
import type { PageRequest } from '../pagination';
import { toLoanRows } from '../loans/loan-rows';
import type { LoansContext } from '../loans/context';
import { selectLoanBatches, selectLoanPage, type ReportSort } from './repository';

/** One page of the loans matching `where`, as of today. */
export async function loanRowsPage(
  ctx: LoansContext,
  where: SQL | undefined,
  request: PageRequest,
  sort: ReportSort = {},
): Promise<LoanRow[]> {
  return toLoanRows(ctx, await selectLoanPage(ctx.db, where, request, sort));
}

/** Every loan matching `where` in the page's order, a batch at a time, for a streamed export. */
export async function* loanRowBatches(
  ctx: LoansContext,
  where: SQL | undefined,
  sort: ReportSort = {},
): AsyncGenerator<LoanRow[]> {
  for await (const rows of selectLoanBatches(ctx.db, where, sort)) yield await toLoanRows(ctx, rows);
}
