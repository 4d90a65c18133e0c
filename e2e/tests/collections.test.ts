import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { formatDay } from '../../shared/src/domain/date-time';
import { testOfficer, disbursedLoan } from '../src/api-setup';
import { openOffice, type Office } from '../src/office';
import type { RunningProduct } from '../src/product';

/**
 * Collections (issue 14): an officer records a customer's promise to pay on the loan's page, then
 * finds it on the due list with its status tag, and filters the list by it.
 */

const OFFICER = testOfficer('Mercy', 'Atieno');
const CUSTOMER = { firstName: 'Otieno', lastName: 'Okoth', phone: '0712777888', nationalId: '28765432' };
const NAME = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;

/** The lender's day (Nairobi), `days` from today, as YYYY-MM-DD. */
function nairobiDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

let office: Office | undefined;
let product: RunningProduct;
let page: Page;
let loanId: number;

before(async () => {
  office = await openOffice({
    officer: OFFICER,
    loanProduct: {
      name: 'Phone Lite',
      minAmount: 5000,
      maxAmount: 50000,
      interestRate: 10,
      durationDays: 28,
    },
    customer: CUSTOMER,
  });
  ({ product, officerPage: page } = office);
  // Disbursed today: its first installment falls due in 7 days (the "Due 2-7 days" list).
  loanId = await disbursedLoan(product.url, office.tokens, {
    customerId: office.customerId,
    productId: office.productId,
    amount: 10000,
    imei: '356938035643809',
    codes: ['CLA1000001', 'CLA1000002'],
  });
});

after(async () => {
  await office?.close();
});

describe('promises to pay', () => {
  test('an officer records a promise to pay on the loan page and sees it with its status', async () => {
    await page.goto(`${product.url}/viewloan/${loanId}`);
    await page.getByRole('button', { name: 'Add Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Note' });
    await dialog.getByLabel('Type').click();
    await page.locator('.ant-select-dropdown').getByTitle('Promise to pay').click();

    await dialog.getByLabel('Note Date').fill(nairobiDay());
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Promise Date').fill(nairobiDay(3));
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Promise Amount').fill('1500');
    await dialog.getByLabel('Note', { exact: true }).fill('Will pay after the fish sales on Thursday.');
    await dialog.getByRole('button', { name: 'Save Note' }).click();
    await page.getByText('Note added successfully!').waitFor();

    const notes = page.getByRole('table', { name: 'Loan Notes' });
    const row = notes.getByRole('row').filter({ hasText: 'Will pay after the fish sales' });
    await row.getByText('Promise to pay').waitFor();
    await row.getByText(formatDay(nairobiDay(3))).waitFor();
    await row.getByText('Ksh 1,500.00').waitFor();
    await row.getByText('Pending', { exact: true }).waitFor();
  });

  test('the due list shows the latest promise with its tag and filters by it (the filter in the URL)', async () => {
    await page.goto(`${product.url}/due-2-7`);
    const table = page.getByRole('table', { name: 'Due 2-7 days' });
    const row = table.getByRole('row').filter({ hasText: NAME });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('Ksh 1,500.00').waitFor();

    await page.getByLabel('Promise', { exact: true }).click();
    await page.locator('.ant-select-dropdown').getByTitle('Promise broken').click();
    await page.waitForURL(/[?&]promise=broken/);
    await page.getByText('No loans match the filters.').waitFor();
    assert.equal(await table.getByRole('row').filter({ hasText: NAME }).count(), 0);

    await page.getByLabel('Promise', { exact: true }).click();
    await page.locator('.ant-select-dropdown').getByTitle('Promise pending').click();
    await page.waitForURL(/[?&]promise=pending/);
    await row.getByText('Pending', { exact: true }).waitFor();

    // A bookmarked filtered list opens filtered.
    await page.goto(`${product.url}/due-2-7?promise=none`);
    await page.getByText('No loans match the filters.').waitFor();
  });

  test('on a 360 px phone the due list’s card shows the promise and the loan page does not scroll sideways', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${product.url}/due-2-7?promise=pending`);
    const card = page.getByRole('listitem').filter({ hasText: NAME });
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText('Ksh 1,500.00').waitFor();

    await page.goto(`${product.url}/viewloan/${loanId}`);
    await page.getByRole('table', { name: 'Loan Notes' }).getByText('Pending', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    assert.equal(overflow, 0, 'the loan page fits the phone');
  });
});
