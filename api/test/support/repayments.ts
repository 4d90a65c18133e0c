import type { TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import { repayments } from '../../src/db/schema';
import { fixtureDisbursedLoan, recordRepayment } from '../fixtures';
import { build } from '../helper';
import { staff } from './applications';

/**
 * Officer A's two customers and officer B's one, each with a disbursed loan and a pending
 * repayment on a day of its own: A's 500 (QAA, 1 March) and 1,500 (QCC, 3 March), B's 1,000
 * (QBB, 2 March).
 */
export async function repaymentBook(t: TestContext) {
  const ctx = await build(t);
  const people = await staff(ctx);
  const pay = async (officerId: number, firstName: string, amount: number, code: string, day: string) => {
    const name = { firstName, lastName: 'Kamau' };
    const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, officerId, people.admin, {}, name);
    const id = await recordRepayment(ctx.app, loan.id, amount, people.admin, code);
    await ctx.db.update(repayments).set({ paidDate: day }).where(eq(repayments.id, id));
    return id;
  };
  const ids = {
    achieng: await pay(people.officerAId, 'Achieng', 500, 'QAA0000001', '2025-03-01'),
    baraka: await pay(people.officerBId, 'Baraka', 1000, 'QBB0000001', '2025-03-02'),
    chebet: await pay(people.officerAId, 'Chebet', 1500, 'QCC0000001', '2025-03-03'),
  };
  return { ...ctx, people, ids };
}
