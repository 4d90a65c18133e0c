/**
 * The loan lists and their exports (the SQL is lists-repository.ts): a
 * typed account number finds its loan, else the words are a customer's name; rows as of today.
 */
import type { LoanRow, LoansPage } from '@lender/shared/contract/loans';
import { loanIdOfAccountNumber } from '@lender/shared/domain/account-number';
import { countLimit, pageMeta, pageRequest } from '../pagination';
import type { LoanScope, LoansContext } from './context';
import { toLoanRows } from './loan-rows';
import {
  selectLoanBatches,
  selectLoansPage,
  type ListQuery,
  type ListSearched,
  type LoanListKind,
  type LoanListOptions,
} from './lists-repository';

export type { LoanListKind, LoanListOptions } from './lists-repository';

const listQuery = (ctx: LoansContext): ListQuery => ({
  db: ctx.db,
  today: ctx.today(),
  thresholdDays: ctx.policy.defaultThresholdDays,
  timeZone: ctx.timeZone,
});

/** The words typed, and the loan they name if they read as an account number (right check character, any case, spaces and dashes ignored). */
function searchedFor(typed: string | undefined) {
  const words = typed?.trim().replace(/\s+/g, ' ');
  return { words, loanId: words ? loanIdOfAccountNumber(words) : null };
}

/**
 * A page of a loan list. A search that reads as an account number finds that loan if the list
 * holds it; otherwise (a name that happens to pass the check) the words are searched as a name.
 */
export async function listLoansPage(
  ctx: LoansContext,
  kind: LoanListKind,
  scope: LoanScope,
  query: { page: number; search?: string | undefined } & LoanListOptions,
): Promise<LoansPage> {
  const { page, search: typed, ...options } = query;
  const { words, loanId } = searchedFor(typed);
  if (loanId !== null) {
    const byAccount = await loansPage(ctx, kind, scope, page, { loanId }, options);
    if (byAccount.meta.total > 0) return byAccount;
  }
  return loansPage(ctx, kind, scope, page, { words }, options);
}

async function loansPage(
  ctx: LoansContext,
  kind: LoanListKind,
  scope: LoanScope,
  page: number,
  searched: ListSearched,
  options: LoanListOptions,
): Promise<LoansPage> {
  const request = pageRequest(page);
  const { rows, total } = await selectLoansPage(
    listQuery(ctx),
    kind,
    scope.officerId,
    request,
    searched,
    options,
  );
  return {
    data: await toLoanRows(ctx, rows),
    meta: pageMeta(request, total, countLimit(request)),
  };
}

/**
 * The whole of a loan list (its filter, scope and search as on screen, in its order) as batches of
 * rows as of today, for a streamed export: memory stays one batch.
 */
export async function* loanListBatches(
  ctx: LoansContext,
  kind: LoanListKind,
  scope: LoanScope,
  searchTyped?: string,
  options: LoanListOptions = {},
): AsyncGenerator<LoanRow[]> {
  const { words, loanId } = searchedFor(searchTyped);
  const batchesOf = async function* (searched: ListSearched) {
    for await (const rows of selectLoanBatches(listQuery(ctx), kind, scope.officerId, searched, options))
      yield await toLoanRows(ctx, rows);
  };
  // As on screen: an account number names its loan if the list holds it, else the words are a name.
  if (loanId !== null) {
    let found = false;
    for await (const batch of batchesOf({ loanId })) {
      found = found || batch.length > 0;
      yield batch;
    }
    if (found) return;
  }
  yield* batchesOf({ words });
}
