import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { testOfficer } from '../src/api-setup';
import { openMenuItem, repayFromLoansList, waitForUrl } from '../src/browser';
import { officeLoan, officeForFile, WEEKLY_PRODUCT } from '../src/office';

const OFFICER = testOfficer('Janet', 'Njeri');
const NAME = 'Kevin Mwangi';

const office = officeForFile(
  {
    officer: OFFICER,
    loanProduct: WEEKLY_PRODUCT,
    customer: { firstName: 'Kevin', lastName: 'Mwangi', phone: '0733444555', nationalId: '45678912' },
  },
  async (opened) => {
    // 12,000 at 12 % over 4 weeks: 13,440.00 in installments of 3,360.00.
    await officeLoan(opened, {
      amount: 12000,
      imei: '356938035643809',
      codes: ['RPA1000001', 'RPA1000002'],
    });
  },
);

describe('repayments', () => {
  test('an officer records a repayment and an admin approves it; loans, monthly collection and the report agree', async () => {
    const officer = office.officerPage;
    await repayFromLoansList(officer, office.product.url, NAME, { amount: '3360', mpesaCode: 'RPA1000003' });

    const admin = office.adminPage;
    // The loans remote is loaded first; it must show the new balance without a page reload.
    await openMenuItem(admin, 'Active Loans', 'Loans');
    await admin.getByRole('cell', { name: 'Ksh 13,440.00' }).first().waitFor();
    await openMenuItem(admin, 'Pending Repayments', 'Repayments');
    await admin.getByRole('button', { name: `Approve the repayment of ${NAME}` }).click();
    // One click no longer approves: the confirmation names the customer, amount and M-Pesa code.
    const confirm = admin.getByRole('dialog', { name: 'Approve Repayment' });
    await confirm.getByText('RPA1000003').waitFor();
    await confirm.getByText(NAME).waitFor();
    await confirm.getByText('Ksh 3,360.00').waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Repayment approved successfully!').waitFor();
    await openMenuItem(admin, 'Active Loans', 'Loans');
    await admin.getByRole('cell', { name: 'Ksh 10,080.00' }).first().waitFor();

    await admin.goto(`${office.product.url}/monthly-approved-repayments`);
    await admin.getByLabel('Repayments approved').getByRole('cell', { name: 'RPA1000003' }).waitFor();
    await admin.getByLabel('Total', { exact: true }).getByText('Ksh 3,360.00').waitFor();

    await admin.goto(`${office.product.url}/`);
    await admin.getByLabel('Amount Collected: Ksh 3,360.00').waitFor();

    await admin.goto(`${office.product.url}/loan-report`);
    await admin.getByLabel('Total Paid', { exact: true }).getByText('Ksh 3,360.00').waitFor();
  });

  test("an admin sets the month's collection target and sees the percentage reached", async () => {
    const admin = office.adminPage;
    await admin.goto(`${office.product.url}/targets`);
    await admin.getByLabel('Company collection target').fill('6720');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.goto(`${office.product.url}/monthly-approved-repayments`);
    await admin.getByLabel('Target', { exact: true }).getByText('Ksh 6,720.00').waitFor();
    await admin.getByText('50.00%').waitFor();
  });

  test('Export CSV on Active Loans downloads the whole list, amounts as numbers', async () => {
    const admin = office.adminPage;
    await openMenuItem(admin, 'Active Loans', 'Loans');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^active-loans-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.match(lines[0] ?? '', /^Loan ID,Account No\.,Customer,/);
    assert.equal(lines.length, 2);
    assert.match(
      lines[1] ?? '',
      /,Kevin Mwangi,45678912,"=""\+254733444555""",Smart Weekly,12000\.00,13440\.00,/,
    );
  });

  test('Export CSV on Monthly Disbursement and on the Loan Report downloads the loans of the month and of the period', async () => {
    const admin = office.adminPage;
    const csvLines = async (name: RegExp) => {
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        admin.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      assert.match(download.suggestedFilename(), name);
      return readFileSync(await download.path(), 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    await admin.goto(`${office.product.url}/monthly-active-loans`);
    await admin.getByLabel('Loans disbursed').getByRole('cell', { name: NAME }).waitFor();
    // Sorting by a column is the server's, kept in the URL, and the export follows it.
    await admin.getByRole('columnheader', { name: 'Principal' }).click();
    await admin.waitForURL(/[?&]sort=principal&order=asc/);
    await admin
      .getByRole('columnheader', { name: 'Principal' })
      .and(admin.locator('[aria-sort="ascending"]'))
      .waitFor();
    await admin.reload();
    await admin
      .getByRole('columnheader', { name: 'Principal' })
      .and(admin.locator('[aria-sort="ascending"]'))
      .waitFor();
    const month = await csvLines(/^monthly-loans-\d{4}-\d{2}\.csv$/);
    assert.equal(month.length, 2);
    assert.match(
      month[1] ?? '',
      /,Kevin Mwangi,45678912,"=""\+254733444555""",Smart Weekly,12000\.00,13440\.00,/,
    );

    await admin.goto(`${office.product.url}/loan-report?period=today`);
    await admin.getByLabel('Loans in the period').getByRole('cell', { name: NAME }).waitFor();
    const report = await csvLines(/^loan-report-today-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.equal(report.length, 2);
    assert.match(report[1] ?? '', /,Kevin Mwangi,/);
  });

  test('Approved Repayments sort by a header click, filter by payment days in the URL (kept on reload), and export what is shown', async () => {
    const admin = office.adminPage;
    await admin.goto(`${office.product.url}/approved-repayments`);
    const table = admin.getByRole('table', { name: 'Approved Repayments' });
    await table.getByRole('cell', { name: 'RPA1000003' }).waitFor();

    await table.getByRole('columnheader', { name: 'Amount' }).click();
    await waitForUrl(admin, /\/approved-repayments\?sort=amount&order=asc$/);

    // A day after any payment: nothing is listed.
    await admin.getByLabel('Paid from').fill('2099-01-01');
    await waitForUrl(admin, /sort=amount&order=asc&from=2099-01-01$/);
    await admin.getByText('No repayments match these filters.').waitFor();
    await admin.reload();
    await admin.getByText('No repayments match these filters.').waitFor();
    assert.equal(await admin.getByLabel('Paid from').inputValue(), '2099-01-01');

    const [empty] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(empty.suggestedFilename(), /^approved-repayments-\d{4}-\d{2}-\d{2}\.csv$/);
    const emptyLines = readFileSync(await empty.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.deepEqual(emptyLines.length, 1, 'the header alone: the filter holds in the export');

    await admin.getByRole('button', { name: 'Clear filters' }).click();
    await waitForUrl(admin, /\/approved-repayments\?sort=amount&order=asc$/);
    await table.getByRole('cell', { name: 'RPA1000003' }).waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.match(lines[0] ?? '', /^Repayment ID,Loan ID,Customer,Amount,M-Pesa Code,Payment Date,/);
    assert.equal(lines.length, 2);
    assert.match(lines[1] ?? '', /,Kevin Mwangi,3360\.00,RPA1000003,\d{4}-\d{2}-\d{2},/);
  });

  test('the header search (Ctrl+K) finds the customer by phone, the loan by IMEI and the repayment by M-Pesa code', async () => {
    const page = office.officerPage;
    await page.goto(`${office.product.url}/`);
    await page.getByRole('banner').waitFor();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('0733 444 555');
    await page.getByText(/^Kevin Mwangi · \+254733444555/).waitFor();

    await search.fill('356938035643809');
    await page.getByText(/IMEI 356938035643809$/).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/viewloan\/\d+$/);
    await page.getByRole('table', { name: 'Loan Repayments' }).waitFor();

    await page.keyboard.press('Control+k');
    await search.fill('rpa1000003');
    await page.getByText(/^RPA1000003 · Ksh 3,360\.00 · Kevin Mwangi/).waitFor();
  });

  test('Export CSV on Monthly Collection downloads the repayments of the month, amounts as numbers, dates in Nairobi time', async () => {
    const admin = office.adminPage;
    await admin.goto(`${office.product.url}/monthly-approved-repayments`);
    await admin.getByLabel('Repayments approved').getByRole('cell', { name: 'RPA1000003' }).waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^monthly-repayments-\d{4}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(
      lines[0],
      'Repayment ID,Loan ID,Customer,Amount,M-Pesa Code,Payment Date,Due Date,Recorded By,Recorded,Status,Approved',
    );
    assert.equal(lines.length, 2);
    // Approved today: the business day in Nairobi, whatever the machine's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    assert.match(lines[1] ?? '', new RegExp(`,Kevin Mwangi,3360\\.00,RPA1000003,.*,Approved,${today}$`));
  });
});
