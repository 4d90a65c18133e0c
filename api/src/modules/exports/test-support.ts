import { fixtureCustomer, fixtureDisbursedLoan, fixturePendingLoan } from '../../../test/fixtures';
import type { TestApp } from '../../../test/helper';
import type { Staff } from '../applications/test-support';

/** A CSV download's lines, header first, without the byte-order mark. */
export const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');

/** The first column (the id) of each row after the header. */
export const idsOf = (body: string) =>
  csvRows(body)
    .slice(1)
    .map((line) => Number(line.split(',')[0]));

/** A loan of the officer's new customer (`firstName` Kamau), disbursed by the admin today. */
export async function disburse(
  ctx: TestApp,
  people: Staff,
  officerId: number,
  firstName: string,
  principal = '10000.00',
) {
  const name = { firstName, lastName: 'Kamau' };
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, officerId, people.admin, { principal }, name);
  return loan.id;
}

/** `count` pending loans of one customer of officer A (a long export's rows), their ids in order. */
export async function manyLoans(ctx: TestApp, people: Staff, count: number) {
  const customer = await fixtureCustomer(ctx.db, people.officerAId);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await fixturePendingLoan(ctx.db, customer.id, people.officerAId)).id);
  return ids;
}
