import type { Executor } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { loanInScope, type LoansContext } from './context';

/**
 * A read of one loan's records (its repayments, its history…): the loan must be the caller's (404
 * otherwise, so that ids cannot be probed), then its records are listed and each shown as `show`
 * makes it.
 */
export const loanRecords =
  <Row, Shown>(list: (db: Executor, loanId: number) => Promise<Row[]>, show: (row: Row) => Shown) =>
  async (ctx: LoansContext, caller: Caller, id: number): Promise<Shown[]> => {
    await loanInScope(ctx, caller, id);
    return (await list(ctx.db, id)).map(show);
  };
