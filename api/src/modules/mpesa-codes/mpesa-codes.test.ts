import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { mpesaCodes } from '../../db/schema';
import { ConflictError } from '../../domain/errors';
import { ADMIN, build, TEST_START } from '../../../test/helper';
import { findUserByEmail } from '../users/repository';
import { claimMpesaCode } from './service';

test('claimMpesaCode records the code once; a second use anywhere is a 409 naming it, and the transaction stays usable', async (t) => {
  const { db } = await build(t);
  const admin = await findUserByEmail(db, ADMIN.email);
  assert.ok(admin);

  await db.transaction(async (tx) => {
    await claimMpesaCode(tx, 'QGH7XK2LMN', 'deposit', admin.id, TEST_START);
  });
  const [row] = await db.select().from(mpesaCodes).where(eq(mpesaCodes.code, 'QGH7XK2LMN'));
  assert.equal(row?.usedFor, 'application_deposit');
  assert.equal(row?.recordedBy, admin.id);
  assert.equal(row?.recordedAt.toISOString(), TEST_START.toISOString());

  await db.transaction(async (tx) => {
    await assert.rejects(
      claimMpesaCode(tx, 'QGH7XK2LMN', 'repayment', admin.id, TEST_START),
      (error: unknown) =>
        error instanceof ConflictError &&
        error.statusCode === 409 &&
        error.message === 'M-Pesa code QGH7XK2LMN has already been used',
    );
    // The failed claim did not abort the transaction (PostgreSQL would refuse further statements).
    await claimMpesaCode(tx, 'QGH7XK2LMP', 'disbursement', admin.id, TEST_START);
  });
  const rows = await db.select().from(mpesaCodes);
  assert.deepEqual(rows.map((r) => [r.code, r.usedFor]).sort(), [
    ['QGH7XK2LMN', 'application_deposit'],
    ['QGH7XK2LMP', 'disbursement'],
  ]);
});
