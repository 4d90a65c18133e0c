import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { loans, repayments } from '../../db/schema';
import { listed } from '../../../test/fixtures';
import { repaymentBook } from '../../../test/support/repayments';

test("the repayment lists and their export filter by the loan's product, within an officer's book; junk is a 400 naming productId", async (t) => {
  const { app, db, people, ids } = await repaymentBook(t);
  const loanOf = async (repaymentId: number) => {
    const [row] = await db
      .select({ loanId: loans.id, productId: loans.productId })
      .from(repayments)
      .innerJoin(loans, eq(loans.id, repayments.loanId))
      .where(eq(repayments.id, repaymentId));
    assert.ok(row);
    return row;
  };
  // Each fixture loan has a product of its own: Chebet's (officer A) moves to Baraka's (officer B),
  // so one product spans two books and Achieng's stays out.
  const product = (await loanOf(ids.baraka)).productId;
  await db
    .update(loans)
    .set({ productId: product })
    .where(eq(loans.id, (await loanOf(ids.chebet)).loanId));

  const customers = (path: string, query: string, headers = people.admin) =>
    listed(app, `/api/repayments/${path}?${query}`, headers, 'customer_name');
  assert.deepEqual(await customers('pending', `productId=${product}`), ['Chebet Kamau', 'Baraka Kamau']);
  assert.deepEqual(await customers('pending', `productId=${product}&sort=amount`), [
    'Baraka Kamau',
    'Chebet Kamau',
  ]);
  // An officer keeps to their book: the product narrows it, another officer's id does not widen it.
  assert.deepEqual(await customers('pending', `productId=${product}`, people.officerA), ['Chebet Kamau']);
  assert.deepEqual(
    await customers('pending', `productId=${product}&officerId=${people.officerBId}`, people.officerA),
    ['Chebet Kamau'],
  );
  assert.deepEqual(await customers('approved', `productId=${product}`), []);

  const exported = await app.inject({
    url: `/api/exports/repayments.csv?list=pending&productId=${product}`,
    headers: people.admin,
  });
  assert.equal(exported.statusCode, 200, exported.body);
  const rows = exported.body.trim().split('\r\n').slice(1);
  assert.equal(rows.length, 2, exported.body);
  assert.ok(
    rows.every((row) => !row.includes('Achieng')),
    exported.body,
  );

  for (const url of [
    '/api/repayments/pending?productId=phone',
    '/api/repayments/approved?productId=0',
    '/api/exports/repayments.csv?list=pending&productId=1.5',
  ]) {
    const response = await app.inject({ url, headers: people.admin });
    assert.equal(response.statusCode, 400, url);
    const body = response.json() as { errors?: { field: string }[] };
    assert.equal(body.errors?.[0]?.field, 'productId', `${url}: ${response.body}`);
  }
});
