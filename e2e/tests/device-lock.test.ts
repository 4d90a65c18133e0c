import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testOfficer, approveRepayment, recordRepayment } from '../src/api-setup';
import { signIn } from '../src/browser';
import { clockedProduct, officerWithLoan } from '../src/clocked-product';
import { ADMIN, apiLogin } from '../src/product';

const OFFICER = testOfficer('Peter', 'Kiprop');
const NAME = 'Mercy Chebet';
const clock = clockedProduct('lock');

test('Lock is offered once a phone is waiting (an installment went unpaid), and locks it', async () => {
  // Monday 2 March 2026: a 28-day loan is disbursed; its first installment falls due on 9 March.
  let product = await clock.startAt('2026-03-02T09:00:00+03:00');
  const { loanId } = await officerWithLoan(product.url, {
    officer: OFFICER,
    customer: { firstName: 'Mercy', lastName: 'Chebet', phone: '0722111222', nationalId: '34567890' },
    codes: ['RBA1CD2EF3', 'RBA1CD2EF4'],
  });

  const browser = await clock.browser();
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, product.url, ADMIN.email, ADMIN.password);
  await page.goto(`${product.url}/loans`);
  await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
  assert.equal(
    await page.getByRole('button', { name: `Lock ${NAME}` }).count(),
    0,
    'not offered while active',
  );

  // Tuesday 10 March: the first installment is a day late; the ageing pass at start-up queues the phone.
  product = await clock.startAt('2026-03-10T09:00:00+03:00');
  await signIn(page, product.url, ADMIN.email, ADMIN.password);
  await page.goto(`${product.url}/loans`);

  // A repayment awaiting approval: the server would refuse the lock, so Lock is disabled and says why.
  const repaymentId = await recordRepayment(
    product.url,
    await apiLogin(product.url, OFFICER.email, OFFICER.password),
    { loanId, amount: 100, mpesaCode: 'RBA1CD2EF5' },
  );
  await page.reload();
  const lock = page.getByRole('button', { name: `Lock ${NAME}` });
  await lock.waitFor();
  assert.equal(await lock.isDisabled(), true, 'disabled while a repayment awaits approval');
  await lock.locator('..').hover();
  await page.getByRole('tooltip').getByText('A repayment for this loan is awaiting approval').waitFor();
  // Approved, the small repayment leaves the arrears: the phone still waits and Lock is enabled.
  await approveRepayment(product.url, await apiLogin(product.url, ADMIN.email, ADMIN.password), repaymentId);
  await page.reload();
  await page.getByRole('button', { name: `Lock ${NAME}` }).waitFor();
  assert.equal(await page.getByRole('button', { name: `Lock ${NAME}` }).isEnabled(), true);

  await page.getByRole('button', { name: `Lock ${NAME}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Phone Lock' });
  await confirm.getByText('Are you sure you want to lock this phone?').waitFor();
  await confirm.getByRole('button', { name: /OK|Lock|Yes/ }).click();
  await page.getByText('Phone locked successfully').waitFor();
  await page.getByRole('button', { name: `Lock ${NAME}` }).waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: 'locked' }).first().waitFor();
});
