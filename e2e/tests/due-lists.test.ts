import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { encodeAccountNumber } from '../../shared/src/domain/account-number';
import { formatDay } from '../../shared/src/domain/date-time';
import { createProduct, createStaff, disbursedLoan, registerCustomer, testOfficer } from '../src/api-setup';
import { openMenuItem, signIn } from '../src/browser';
import { clockedProduct } from '../src/clocked-product';
import { WEEKLY_PRODUCT } from '../src/office';
import { ADMIN, apiLogin } from '../src/product';

/**
 * The collection round of issue 34, worked from the due list: an officer opens Due Today, sees the
 * phone to call and the account number, searches by name, repays from the list (the repayment then
 * awaits approval, and an admin's Lock says so) and records a promise to pay that the row shows.
 * At 1280 × 800 the lists show their columns without sideways scrolling (Defaulted with Days Overdue
 * and the promise); a person's column choice is remembered; on a 390 px phone the card leads with
 * the customer and the call link.
 */

const OFFICER = testOfficer('Agnes', 'Wambui', 'due');
const MERCY = { firstName: 'Mercy', lastName: 'Chebet', phone: '0722111222', nationalId: '34567890' };
const OTIENO = { firstName: 'Otieno', lastName: 'Ochieng', phone: '0733444555', nationalId: '34567891' };
const NAME = 'Mercy Chebet';
const OTHER = 'Otieno Ochieng';
const clock = clockedProduct('due-lists');

/** How far the list's table scrolls sideways (0 when every column is in view). */
const tableOverflow = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    return region ? region.scrollWidth - region.clientWidth : -1;
  });

/** How far the page scrolls sideways. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** Every header of the list's table lies inside the window (none behind a sideways scroll). */
async function headersInView(page: Page, table: string, width: number): Promise<string[]> {
  const headers = page.getByRole('table', { name: table }).getByRole('columnheader');
  const seen: string[] = [];
  for (const header of await headers.all()) {
    const box = await header.boundingBox();
    const text = (await header.textContent())?.trim() ?? '';
    if (!text) continue;
    assert.ok(box && box.x >= 0 && box.x + box.width <= width + 0.5, `${table}: ${text} in view`);
    seen.push(text);
  }
  return seen;
}

test('the due-list round: call link, account number, search, repay and promise from the list; lists fit 1280 px', async () => {
  // Monday 2 March 2026: two 28-day loans of 12,000 (13,440.00 in 4 × 3,360.00), first due 9 March.
  let product = await clock.startAt('2026-03-02T09:00:00+03:00');
  const admin = await apiLogin(product.url, ADMIN.email, ADMIN.password);
  await createStaff(product.url, admin, OFFICER, 'officer');
  const officer = await apiLogin(product.url, OFFICER.email, OFFICER.password);
  const productId = await createProduct(product.url, admin, WEEKLY_PRODUCT);
  const tokens = { officer, admin };
  const mercyLoan = await disbursedLoan(product.url, tokens, {
    customerId: await registerCustomer(product.url, officer, MERCY),
    productId,
    amount: 12000,
    imei: '356938035643809',
    codes: ['DLA1000001', 'DLA1000002'],
  });
  await disbursedLoan(product.url, tokens, {
    customerId: await registerCustomer(product.url, officer, OTIENO),
    productId,
    amount: 12000,
    imei: '353918050830294',
    codes: ['DLA1000003', 'DLA1000004'],
  });

  // Monday 9 March: both first installments fall due today.
  product = await clock.startAt('2026-03-09T09:00:00+03:00');
  const browser = await clock.browser();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  // The browser's today is the server's (the Add Note dates are checked against it).
  await page.clock.setFixedTime(new Date('2026-03-09T09:00:00+03:00'));
  await signIn(page, product.url, OFFICER.email, OFFICER.password);
  await openMenuItem(page, 'Due Today', 'Loans');

  const table = page.getByRole('table', { name: 'Due Today' });
  const row = table.getByRole('row').filter({ hasText: NAME });
  const call = row.getByRole('link', { name: '+254722111222' });
  await call.waitFor();
  assert.equal(await call.getAttribute('href'), 'tel:+254722111222');
  await row.getByText(`A/C ${encodeAccountNumber(mercyLoan)}`).waitFor();
  // The amount due now (the installment falling due today), the promise (none yet) and the actions.
  assert.ok((await row.getByText('Ksh 3,360.00').count()) >= 2, 'Amount Due and Arrears');
  await row.getByText('Due today').waitFor();
  for (const action of [`Repay ${NAME}`, `Add note for ${NAME}`, `View ${NAME}`]) {
    await row.getByRole('button', { name: action }).waitFor();
  }
  assert.equal(await row.getByRole('button', { name: `Lock ${NAME}` }).count(), 0, 'officers do not lock');

  // Every column of the list is in view at 1280 × 800.
  const headers = await headersInView(page, 'Due Today', 1280);
  for (const header of [
    'Customer',
    'Amount Due',
    'Balance / Paid',
    'Due Date',
    'Days Remaining',
    'Promise',
  ]) {
    assert.ok(headers.includes(header), `Due Today shows ${header} (${headers.join(', ')})`);
  }
  assert.equal(await tableOverflow(page), 0, 'Due Today does not scroll sideways');

  // Search by name on the server: only Otieno's row, then Mercy's again.
  await table.getByRole('row').filter({ hasText: OTHER }).waitFor();
  const search = page.getByRole('searchbox', { name: 'Search by name or account number' });
  await search.fill('otieno');
  await search.press('Enter');
  await page.waitForURL(/[?&]search=otieno/);
  await row.waitFor({ state: 'detached' });
  await table.getByRole('row').filter({ hasText: OTHER }).waitFor();
  await search.fill('Mercy');
  await search.press('Enter');
  await page.waitForURL(/[?&]search=Mercy/);
  await row.waitFor();
  assert.equal(await table.getByRole('row').filter({ hasText: OTHER }).count(), 0);

  // Repay from the list: the Repayment modal records it, pending an admin's approval.
  await row.getByRole('button', { name: `Repay ${NAME}` }).click();
  const repayment = page.getByRole('dialog', { name: 'Repayment' });
  await repayment.getByLabel('Amount').fill('3360');
  await repayment.getByLabel('Mpesa Code').fill('DLA1000005');
  await repayment.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Repayment saved successfully!').waitFor();
  await repayment.waitFor({ state: 'hidden' });

  // A promise to pay from the list: the row shows it with its status.
  await row.getByRole('button', { name: `Add note for ${NAME}` }).click();
  const note = page.getByRole('dialog', { name: 'Add Note' });
  await note.getByLabel('Type').click();
  await page.locator('.ant-select-dropdown').getByTitle('Promise to pay').click();
  // The note is dated today (the lender's day) before anything is typed.
  assert.equal(await note.getByLabel('Note Date').inputValue(), '2026-03-09');
  await note.getByLabel('Promise Date').fill('2026-03-12');
  await page.keyboard.press('Enter');
  await note.getByLabel('Promise Amount').fill('1500');
  await note.getByLabel('Note', { exact: true }).fill('Called: pays the rest on Thursday after market day.');
  await note.getByRole('button', { name: 'Save Note' }).click();
  await page.getByText('Note added successfully!').waitFor();
  await row.getByText('Pending', { exact: true }).waitFor();
  await row.getByText(formatDay('2026-03-12'), { exact: false }).waitFor();
  await row.getByText('Ksh 1,500.00').waitFor();

  // The repayment waits for approval: on the admin's Due Today, Lock is offered and says why it is disabled.
  const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(adminPage, product.url, ADMIN.email, ADMIN.password);
  await adminPage.goto(`${product.url}/due-today`);
  const lock = adminPage.getByRole('button', { name: `Lock ${NAME}` });
  await lock.waitFor();
  assert.equal(await lock.isDisabled(), true, 'Lock disabled while the repayment awaits approval');
  assert.equal(await lock.getAttribute('aria-description'), 'A repayment for this loan is awaiting approval');
  await openMenuItem(adminPage, 'Pending Repayments', 'Repayments');
  await adminPage.getByRole('row').filter({ hasText: NAME }).getByText('Ksh 3,360.00').first().waitFor();

  // Active Loans at 1280 × 800: every column in view, the admin's four actions too.
  await adminPage.goto(`${product.url}/loans`);
  await adminPage
    .getByRole('table', { name: 'Active Loans' })
    .getByRole('row')
    .filter({ hasText: NAME })
    .waitFor();
  await headersInView(adminPage, 'Active Loans', 1280);
  assert.equal(await tableOverflow(adminPage), 0, 'Active Loans does not scroll sideways');

  // The column chooser: Lock Date shown on Due Today stays shown after a reload, and only there.
  await page.goto(`${product.url}/due-today`);
  await row.waitFor();
  await page.getByRole('button', { name: 'Columns of Due Today' }).click();
  await page
    .getByRole('group', { name: 'Columns shown in Due Today' })
    .getByRole('checkbox', { name: 'Lock Date' })
    .check();
  await table.getByRole('columnheader', { name: 'Lock Date' }).waitFor();
  await page.reload();
  await table.getByRole('columnheader', { name: 'Lock Date' }).waitFor();
  await page.goto(`${product.url}/due-tommorrow`);
  await page.getByRole('heading', { name: 'Due Tommorrow' }).waitFor();
  await page.getByText('No loans are due tomorrow.').waitFor();

  // On a 390 px phone: a card per loan, the customer and the call link first, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${product.url}/due-today`);
  const card = page.getByRole('list', { name: 'Due Today' }).getByRole('listitem').filter({ hasText: NAME });
  await card.getByRole('link', { name: '+254722111222' }).waitFor();
  await card.getByRole('button', { name: `Repay ${NAME}` }).waitFor();
  assert.equal(await pageOverflow(page), 0, 'the phone page does not scroll sideways');

  // 15 April: both loans are more than 30 days late. Defaulted at 1280 px shows Days Overdue and the promise.
  product = await clock.startAt('2026-04-15T09:00:00+03:00');
  await signIn(adminPage, product.url, ADMIN.email, ADMIN.password);
  await adminPage.goto(`${product.url}/defaulted`);
  const defaulted = adminPage.getByRole('table', { name: 'Defaulted Loans' });
  const defaultedRow = defaulted.getByRole('row').filter({ hasText: OTHER });
  await defaultedRow.waitFor();
  const defaultedHeaders = await headersInView(adminPage, 'Defaulted Loans', 1280);
  for (const header of ['Days Overdue / Default Date', 'Promise', 'Amount Due']) {
    assert.ok(
      defaultedHeaders.includes(header),
      `Defaulted shows ${header} (${defaultedHeaders.join(', ')})`,
    );
  }
  assert.equal(await tableOverflow(adminPage), 0, 'Defaulted does not scroll sideways at 1280 px');
  // Nothing approved: 37 days past the 9 March installment.
  await defaultedRow.getByText('37', { exact: true }).waitFor();
});
