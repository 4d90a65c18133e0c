import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeAccountNumber, loanIdOfAccountNumber } from '@lender/shared/domain/account-number';
import { ADMIN, authHeader, build } from '../../../test/helper';
import { disburseLoan, fixtureCustomer, fixturePendingLoan, fixtureUser } from '../../../test/fixtures';

test('account numbers: every loan shows the one its id writes, on lists and the detail, and a search by it finds the loan', async (t) => {
  const { app, db } = await build(t);
  const officer = await fixtureUser(db, 'officer', 'Amina');
  const customerA = await fixtureCustomer(db, officer.id, { firstName: 'Otieno' });
  const customerB = await fixtureCustomer(db, officer.id, { firstName: 'Wanjiku' });
  const a = await fixturePendingLoan(db, customerA.id, officer.id);
  const b = await fixturePendingLoan(db, customerB.id, officer.id);
  const accountA = encodeAccountNumber(a.id);
  assert.equal(loanIdOfAccountNumber(accountA), a.id);

  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  for (const loan of [a, b]) await disburseLoan(app, loan.id, admin);
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: admin });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  assert.equal((await get(`/api/loans/${a.id}`)).account_number, accountA);
  const active = await get('/api/loans/loan-details');
  assert.deepEqual(
    active.data.map((row: { id: number; account_number: string }) => [row.id, row.account_number]),
    [
      [b.id, encodeAccountNumber(b.id)],
      [a.id, accountA],
    ],
  );
  // Typed as a customer would: lower case, with a space.
  const typed = `${accountA.slice(0, 3).toLowerCase()} ${accountA.slice(3)}`;
  const found = await get(`/api/loans/loan-details?search=${encodeURIComponent(typed)}`);
  assert.deepEqual(
    found.data.map((row: { id: number }) => row.id),
    [a.id],
  );
  assert.equal(found.meta.total, 1);
  // A loan the list does not hold (a cleared list here) is not found by its number.
  assert.equal((await get(`/api/loans/loan-details/paid?search=${accountA}`)).meta.total, 0);
  // A well-formed number no loan has falls back to the name search (nothing here).
  assert.equal((await get(`/api/loans/loan-details?search=${encodeAccountNumber(999_999)}`)).meta.total, 0);
  // Names still search as before.
  assert.equal((await get('/api/loans/loan-details?search=wanji')).data[0].id, b.id);
});
