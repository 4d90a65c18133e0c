import { describe, test } from 'node:test';
import { recordRepayment, testOfficer } from '../src/api-setup';
import { openMenuItem } from '../src/browser';
import { officeLoan, officeForFile, WEEKLY_PRODUCT } from '../src/office';

const OFFICER = testOfficer('Grace', 'Akinyi', 'bulk');
const NAME = 'Otieno Ouma';
/** 25 repayments of Ksh 100 to 124: Ksh 2,800.00 in all. */
const AMOUNTS = Array.from({ length: 25 }, (_, i) => 100 + i);

let loanId = 0;

const office = officeForFile(
  {
    officer: OFFICER,
    loanProduct: WEEKLY_PRODUCT,
    customer: { firstName: 'Otieno', lastName: 'Ouma', phone: '0722333444', nationalId: '31234567' },
  },
  async (opened) => {
    // 12,000 at 12 % over 4 weeks: 13,440.00.
    loanId = await officeLoan(opened, {
      amount: 12000,
      imei: '356938035643809',
      codes: ['BLK0000001', 'BLK0000002'],
    });
    for (const [i, amount] of AMOUNTS.entries()) {
      await recordRepayment(opened.product.url, opened.tokens.officer, {
        loanId,
        amount,
        mpesaCode: `BLR${String(i).padStart(7, '0')}`,
      });
    }
  },
);

describe('bulk approval', () => {
  test('an admin selects the 25 pending repayments of three pages, approves them with one confirmation and sees the result', async () => {
    const admin = office.adminPage;
    await openMenuItem(admin, 'Pending Repayments', 'Repayments');
    const table = admin.getByRole('table', { name: 'Pending Repayments' });
    const rows = table
      .getByRole('row')
      .filter({ has: admin.getByRole('checkbox', { name: /^Select the repayment/ }) });

    // Pages 1 and 2: Select all, then on to the next page. The page counter moves at once while
    // the previous page's rows stay shown until the next page's arrive: a person waits for the rows
    // to change before selecting them, and so does the test.
    const firstRow = async () => (await rows.first().textContent()) ?? '';
    const rowsChangedFrom = async (before: string) => {
      const deadline = Date.now() + 60_000;
      while ((await firstRow()) === before) {
        if (Date.now() > deadline) throw new Error('the next page of pending repayments never showed');
        await admin.waitForTimeout(100);
      }
    };
    for (const page of [1, 2]) {
      await admin.getByText(`Page ${page} of 3`).waitFor();
      await rows.nth(9).waitFor();
      await table.getByRole('checkbox', { name: 'Select all' }).check();
      await admin.getByText(`${page * 10} repayments selected`, { exact: false }).waitFor();
      const before = await firstRow();
      await admin.getByRole('button', { name: 'Next' }).click();
      await rowsChangedFrom(before);
    }
    // Page 3 by keyboard: the arrow keys move from row to row, Space selects each.
    await admin.getByText('Page 3 of 3').waitFor();
    await rows.nth(4).waitFor();
    await rows.first().focus();
    await admin.keyboard.press('Space');
    for (let i = 1; i < 5; i += 1) {
      await admin.keyboard.press('ArrowDown');
      await admin.keyboard.press('Space');
    }
    await admin.getByText('25 repayments selected, Ksh 2,800.00').waitFor();

    await admin.getByRole('button', { name: 'Approve selected' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve 25 repayments' });
    await confirm.getByText(/^Approve 25 repayments totalling Ksh 2,800\.00\?/).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();

    const result = admin.getByRole('dialog', { name: 'Repayment approvals' });
    await result.getByText('25 approved, 0 refused.').waitFor();
    await result.getByRole('region', { name: 'Approved' }).getByText(`${NAME}, Ksh 124.00`).waitFor();
    await result.getByRole('button', { name: 'Close' }).click();
    await admin.getByText('No pending repayments.').waitFor();

    // The loan counts each once: 13,440.00 − 2,800.00.
    await openMenuItem(admin, 'Active Loans', 'Loans');
    await admin.getByRole('cell', { name: 'Ksh 10,640.00' }).first().waitFor();
  });

  test('an admin rejects a repayment whose code is not on the statement: it leaves the list, and the loan shows it rejected with the reason', async () => {
    await recordRepayment(office.product.url, office.tokens.officer, {
      loanId,
      amount: 500,
      mpesaCode: 'BLR9999999',
    });
    const admin = office.adminPage;
    await openMenuItem(admin, 'Pending Repayments', 'Repayments');
    await admin.getByRole('button', { name: `Reject the repayment of ${NAME}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject repayment' });
    await dialog.getByText('BLR9999999').waitFor();
    // The reason is asked for before anything is sent.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('Not on the M-Pesa statement');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Repayment rejected').waitFor();
    await admin.getByText('No pending repayments.').waitFor();

    await admin.goto(`${office.product.url}/viewloan/${loanId}`);
    const rejected = admin.getByRole('row').filter({ hasText: 'BLR9999999' }).first();
    await rejected.getByText('Rejected').waitFor();
    await rejected.getByText('Not on the M-Pesa statement').waitFor();
    // Paid counts the 25 approved only: 2,800.00.
    await admin.getByText('Ksh 10,640.00').first().waitFor();
  });
});
