import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { testOfficer, paidRepayment } from '../src/api-setup';
import { signIn } from '../src/browser';
import { clockedProduct, officerWithLoan } from '../src/clocked-product';
import { ADMIN } from '../src/product';

const OFFICER = testOfficer('Faith', 'Njeri');
const NAME = 'Brian Otieno';
const PHONE = '0733444555';
/** The phone as the server keeps it (international form). */
const STORED_PHONE = '+254733444555';
const clock = clockedProduct('trends');

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
  let product = await clock.startAt('2026-03-02T09:00:00+03:00');
  const { admin, officer, loanId } = await officerWithLoan(product.url, {
    officer: OFFICER,
    customer: { firstName: 'Brian', lastName: 'Otieno', phone: PHONE, nationalId: '45678901' },
    codes: ['RTR1CD2EF3', 'RTR1CD2EF4'],
  });
  await paidRepayment(product.url, { officer, admin }, { loanId, amount: 1000, mpesaCode: 'RTR1CD2EF5' });

  // Monday 9 March: the first installment is due today; the start-up ageing pass takes the day's
  // PAR30 snapshot.
  product = await clock.startAt('2026-03-09T09:00:00+03:00');
  const browser = await clock.browser();
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
