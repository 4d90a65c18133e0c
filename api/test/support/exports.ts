import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { fixtureCustomer, fixtureDisbursedLoan, fixturePendingLoan } from '../fixtures';
import { build, type TestApp } from '../helper';
import { staff, type Staff } from './applications';

/** build(t) and its staff: the admin and officers A and B, signed in. */
export async function buildWithStaff(t: TestContext) {
  const ctx = await build(t);
  return { ctx, people: await staff(ctx) };
}

/** A CSV download's lines, header first, without the byte-order mark. */
export const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');

/** The header of the repayment exports (the repayment lists and the monthly collection). */
export const REPAYMENTS_CSV_HEADER =
  'Repayment ID,Loan ID,Customer,Amount,M-Pesa Code,Payment Date,Due Date,Recorded By,Recorded,Status,Approved';

/**
 * A CSV download, checked: 200, text/csv, saved as `filename`, and starting with `header` when one
 * is given. Returns its lines, header first.
 */
export function csvDownload(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  filename: string,
  header?: string,
): string[] {
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^text\/csv/);
  assert.equal(response.headers['content-disposition'], `attachment; filename="${filename}"`);
  const lines = csvRows(response.body);
  if (header !== undefined) assert.equal(lines[0], header);
  return lines;
}

/** GETs an export as `headers` say and checks it as csvDownload does; its lines, header first. */
export async function csvExport(
  app: TestApp['app'],
  url: string,
  headers: Record<string, string>,
  expected: { filename: string; header?: string },
): Promise<string[]> {
  return csvDownload(await app.inject({ url, headers }), expected.filename, expected.header);
}

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

/** Loans of officer A's customers with these first names (`mine`, in order), then of officer B's Baraka (`theirs`). */
export async function mineAndTheirs(ctx: TestApp, people: Staff, mineNames: string[]) {
  const mine: number[] = [];
  for (const firstName of mineNames) mine.push(await disburse(ctx, people, people.officerAId, firstName));
  return { mine, theirs: await disburse(ctx, people, people.officerBId, 'Baraka') };
}

/** `count` pending loans of one customer of officer A (a long export's rows), their ids in order. */
export async function manyLoans(ctx: TestApp, people: Staff, count: number) {
  const customer = await fixtureCustomer(ctx.db, people.officerAId);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await fixturePendingLoan(ctx.db, customer.id, people.officerAId)).id);
  return ids;
}
