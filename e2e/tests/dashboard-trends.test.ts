import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
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
  firstName: 'Faith',
  lastName: 'Njeri',
  email: 'faith.officer@e2e.test',
  password: 'Officer-pass-2026',
};
const NAME = 'Brian Otieno';
const PHONE = '0733444555';
/** The phone as the server keeps it (international form). */
const STORED_PHONE = '+254733444555';
const dataDir = mkdtempSync(path.join(tmpdir(), 'lender-e2e-trends-'));
/** LENDER_NOW fixes the server's business clock; it is refused in production mode. */
const at = (instant: string) => ({ LENDER_NOW: instant, NODE_ENV: 'test' });

let product: RunningProduct | undefined;
let browser: Browser | undefined;

after(async () => {
  await browser?.close();
  await product?.stop();
  await removeData(dataDir);
});

/** The trends section's three charts, each an image named by its title with its figures in words. */
async function chartsShown(page: Page) {
  const disbursed = page.getByRole('img', { name: 'Disbursed per week' });
  await disbursed.waitFor();
  await page.getByRole('img', { name: 'Collected per week' }).waitFor();
  await page.getByRole('img', { name: 'PAR30 by week' }).waitFor();
  const description = await disbursed.evaluate(
    (element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent,
  );
  assert.match(description ?? '', /^Ksh 12,000\.00 over the 12 weeks from/);
  // Recharts drew into it (an svg with the bars).
  await disbursed.locator('svg').first().waitFor();
  return disbursed;
}

test("the dashboard's trends draw their charts and today's due loans show a phone to call", async () => {
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
    firstName: 'Brian',
    lastName: 'Otieno',
    phone: PHONE,
    nationalId: '45678901',
  });
  const loanId = await disbursedLoan(
    product.url,
    { officer, admin },
    { customerId, productId, amount: 12000, imei: '356938035643809', codes: ['RTR1CD2EF3', 'RTR1CD2EF4'] },
  );
  const repaymentId = await recordRepayment(product.url, officer, {
    loanId,
    amount: 1000,
    mpesaCode: 'RTR1CD2EF5',
  });
  await approveRepayment(product.url, admin, repaymentId);
  await product.stop();

  // Monday 9 March: the first installment is due today; the start-up ageing pass takes the day's
  // PAR30 snapshot.
  product = await startProduct(at('2026-03-09T09:00:00+03:00'), { dataDir });
  browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(page, product.url, OFFICER.email, OFFICER.password);
  await chartsShown(page);
  // An officer sees their own book: nothing to pick.
  assert.equal(await page.getByLabel('Officer').count(), 0);

  const due = page.getByRole('region', { name: 'Due today' });
  const call = due.getByRole('link', { name: `Call ${NAME} on ${STORED_PHONE}` });
  await call.waitFor();
  assert.equal(await call.getAttribute('href'), `tel:${STORED_PHONE}`);
  await due.getByRole('link', { name: new RegExp(`^Loan \\w+ of ${NAME}$`) }).click();
  await page.waitForURL(`${product.url}/viewloan/${loanId}`);

  // An admin picks the officer: the charts and the due loans follow the pick.
  const adminPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(adminPage, product.url, ADMIN.email, ADMIN.password);
  const picker = adminPage.getByLabel('Officer');
  await picker.waitFor();
  await picker.selectOption({ label: `${OFFICER.firstName} ${OFFICER.lastName}` });
  await chartsShown(adminPage);
  await adminPage.getByRole('link', { name: `Call ${NAME} on ${STORED_PHONE}` }).waitFor();

  // On a phone the charts fit the screen's width, one under another.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, product.url, OFFICER.email, OFFICER.password);
  // Under the cards: the section loads once near the view. Scrolling to the end brings it there
  // whether or not it had already loaded (close enough to the fold, it loads at once, and then
  // its placeholder is gone before a test could scroll to it).
  await phone.getByRole('link', { name: /^Active Loans/ }).waitFor();
  await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const chart = await chartsShown(phone);
  const box = await chart.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `chart within 390 px: ${JSON.stringify(box)}`);
  assert.equal(
    await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    true,
    'no sideways scroll',
  );
});
