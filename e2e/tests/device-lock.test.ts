import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  approveRepayment,
  createProduct,
  createStaff,
  disbursedLoan,
  recordRepayment,
  registerCustomer,
} from '../src/api-setup';
import { launchChromium, signIn } from '../src/browser';
import { ADMIN, apiLogin, removeData, startProduct, type RunningProduct } from '../src/product';

const OFFICER = {
  firstName: 'Peter',
  lastName: 'Kiprop',
  email: 'peter.officer@e2e.test',
  password: 'Officer-pass-2026',
};
const NAME = 'Mercy Chebet';
const dataDir = mkdtempSync(path.join(tmpdir(), 'lender-e2e-lock-'));
/** LENDER_NOW fixes the server's business clock; it is refused in production mode. */
const at = (instant: string) => ({ LENDER_NOW: instant, NODE_ENV: 'test' });

let product: RunningProduct | undefined;
let browser: Browser | undefined;

after(async () => {
  await browser?.close();
  await product?.stop();
  await removeData(dataDir);
});

test('Lock is offered once a phone is waiting (an installment went unpaid), and locks it', async () => {
  // Monday 2 March 2026: a 28-day loan is disbursed; its first installment falls due on 9 March.
  product = await startProduct(at('2026-03-02T09:00:00+03:00'), { dataDir });
  const admin = await apiLogin(product.url, ADMIN.email, ADMIN.password);
  await createStaff(product.url, admin, OFFICER, 'officer');
  const officer = await apiLogin(product.url, OFFICER.email, OFFICER.password);
  const productId = await createProduct(product.url, admin, {
    name: 'Smart Weekly',
    minAmount: 1000,
    maxAmount: 30000,
    interestRate: 12,
    durationDays: 28,
  });
  const customerId = await registerCustomer(product.url, officer, {
    firstName: 'Mercy',
    lastName: 'Chebet',
    phone: '0722111222',
    nationalId: '34567890',
  });
  const loanId = await disbursedLoan(
    product.url,
    { officer, admin },
    {
      customerId,
      productId,
      amount: 12000,
      imei: '356938035643809',
      codes: ['RBA1CD2EF3', 'RBA1CD2EF4'],
    },
  );

  browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, product.url, ADMIN.email, ADMIN.password);
  await page.goto(`${product.url}/loans`);
  await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
  assert.equal(
    await page.getByRole('button', { name: `Lock ${NAME}` }).count(),
    0,
    'not offered while active',
  );
  await product.stop();

  // Tuesday 10 March: the first installment is a day late; the ageing pass at start-up queues the phone.
  product = await startProduct(at('2026-03-10T09:00:00+03:00'), { dataDir });
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
