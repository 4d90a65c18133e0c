/** Fixtures of the M-Pesa tests (the paybill callbacks themselves are test/fixtures.ts's). */
import type { TestContext } from 'node:test';
import { confirmPaybill } from '../fixtures';
import { build } from '../helper';
import { staff } from './applications';

/**
 * build(t) with its staff, and three paybill payments to an account number no loan has, all
 * waiting in suspense: SBB0000001 (700.00, 1 March 09:00), SAA0000001 (1,500.50, 2 March 23:15)
 * and SCC0000001 (300.00, 3 March 09:00), in Nairobi wall time as M-Pesa sends it.
 */
export async function suspenseBook(t: TestContext) {
  const ctx = await build(t);
  const people = await staff(ctx);
  for (const [transId, amount, transTime] of [
    ['SBB0000001', '700.00', '20250301090000'],
    ['SAA0000001', '1500.50', '20250302231500'],
    ['SCC0000001', '300.00', '20250303090000'],
  ] as const) {
    await confirmPaybill(ctx.app, { account: 'NOSUCHACCOUNT', amount, transId, transTime });
  }
  return { ...ctx, people };
}
