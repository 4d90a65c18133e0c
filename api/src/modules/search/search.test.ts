import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import type { SearchResults } from '@lender/shared/contract/search';
import { disburseLoan, fixtureCustomer, fixturePendingLoan, recordRepayment } from '../../../test/fixtures';
import { build } from '../../../test/helper';
import { staff } from '../../../test/support/applications';
import { readSearchTerms } from './service';

test('what the words typed can name', () => {
  assert.deepEqual(readSearchTerms('0712 345 678'), { phone: '+254712345678' });
  assert.deepEqual(readSearchTerms('+254712345678'), { phone: '+254712345678' });
  assert.deepEqual(readSearchTerms('28765432'), { nationalId: '28765432' });
  assert.equal(readSearchTerms('356938035643809').imei, '356938035643809');
  assert.deepEqual(readSearchTerms('qgh7xk2lmn').mpesaCode, { whole: true, code: 'QGH7XK2LMN' });
  assert.deepEqual(readSearchTerms('QGH7').mpesaCode, { whole: false, code: 'QGH7' });
  assert.equal(readSearchTerms('Wanjiku Kamau').words, 'Wanjiku Kamau');
  assert.equal(readSearchTerms('Wa').words, undefined, 'two letters are too few for the trigram indexes');
  assert.equal(readSearchTerms(encodeAccountNumber(42)).loanId, 42);
});

test('the header search finds customers, loans and repayments in the caller’s book only', async (t) => {
  const ctx = await build(t);
  const { app, db } = ctx;
  const people = await staff(ctx);
  const mine = await fixtureCustomer(db, people.officerAId, { firstName: 'Achieng', lastName: 'Odhiambo' });
  const theirs = await fixtureCustomer(db, people.officerBId, { firstName: 'Achieng', lastName: 'Mutua' });
  const loan = await fixturePendingLoan(db, mine.id, people.officerAId);
  const otherLoan = await fixturePendingLoan(db, theirs.id, people.officerBId);
  for (const id of [loan.id, otherLoan.id]) await disburseLoan(app, id, people.admin);
  await recordRepayment(app, loan.id, 500, people.officerA, 'SRC7K2M9QA');

  const search = async (q: string, headers = people.officerA) => {
    const response = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<SearchResults>();
  };
  const names = (results: SearchResults) => results.customers.map((c) => c.name).sort();

  assert.deepEqual(names(await search('achieng')), [`Achieng Odhiambo`]);
  assert.deepEqual(names(await search('achieng', people.admin)), ['Achieng Mutua', 'Achieng Odhiambo']);
  assert.deepEqual(names(await search('achieng', people.officerB)), ['Achieng Mutua']);
  for (const phone of [mine.phone, mine.phone.replace('+254', '0'), mine.phone.slice(1)]) {
    assert.deepEqual(names(await search(phone)), ['Achieng Odhiambo'], phone);
  }
  assert.deepEqual(names(await search(mine.nationalId)), ['Achieng Odhiambo']);
  assert.deepEqual(names(await search(theirs.nationalId)), [], 'another book is not searched');

  const byAccount = await search(encodeAccountNumber(loan.id).toLowerCase());
  assert.deepEqual(
    byAccount.loans.map((l) => [l.id, l.account_number, l.customer_name]),
    [[loan.id, encodeAccountNumber(loan.id), 'Achieng Odhiambo']],
  );
  assert.deepEqual((await search(encodeAccountNumber(otherLoan.id))).loans, []);
  assert.deepEqual(
    (await search(loan.imei)).loans.map((l) => l.id),
    [loan.id],
  );

  for (const code of ['SRC7K2M9QA', 'src7k2', 'K2M9']) {
    const found = await search(code);
    assert.deepEqual(
      found.repayments.map((r) => [r.mpesa_code, r.loan_id, r.amount, r.status]),
      [['SRC7K2M9QA', loan.id, 500, 'pending']],
      code,
    );
  }
  assert.deepEqual((await search('SRC7K2M9QA', people.officerB)).repayments, []);

  const short = await app.inject({ url: '/api/search?q=a', headers: people.officerA });
  assert.equal(short.statusCode, 400);
  assert.match(short.json().message, /at least 2 characters/);
  const anonymous = await app.inject({ url: '/api/search?q=achieng' });
  assert.equal(anonymous.statusCode, 401);
});
