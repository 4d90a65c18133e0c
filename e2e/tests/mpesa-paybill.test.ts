// M-Pesa paybill payments in the browser (issue 13): the simulator (`npm run mpesa:simulate`) posts
// Daraja's callbacks to the running product, as M-Pesa would; the admin's open pages catch up
// without a reload, and an unmatched payment is assigned from the suspense queue.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { openMenuItem } from '../src/browser';
import { officeLoan, officeForFile, WEEKLY_PRODUCT } from '../src/office';
import { repoRoot, type RunningProduct } from '../src/product';

const SECRET = 'e2e-paybill-callback-secret-0123456789';
const NAME = 'Grace Wambui';

let product: RunningProduct;
let adminPage: Page;
let loanId: number;
let account: string;

/** Pays through the simulator, the way a demo does; returns what it printed. */
async function simulate(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'mpesa:simulate', '--', '--url', product.url, '--secret', SECRET, ...args],
    { cwd: repoRoot },
  );
  return stdout;
}

officeForFile(
  {
    officer: {
      firstName: 'Ruth',
      lastName: 'Chebet',
      email: 'ruth.officer@e2e.test',
      password: 'Officer-pass-2026',
    },
    loanProduct: WEEKLY_PRODUCT,
    customer: { firstName: 'Grace', lastName: 'Wambui', phone: '0722555666', nationalId: '38291045' },
    env: { MPESA_CALLBACK_SECRET: SECRET },
  },
  async (office) => {
    ({ product, adminPage } = office);
    // 12,000 at 12 % over 4 weeks: 13,440.00 in installments of 3,360.00.
    loanId = await officeLoan(office, {
      amount: 12000,
      imei: '356938035643817',
      codes: ['MPA1000001', 'MPA1000002'],
    });
    const loan = await fetch(`${product.url}/api/loans/${loanId}`, {
      headers: { authorization: `Bearer ${office.tokens.admin}` },
    });
    account = ((await loan.json()) as { account_number: string }).account_number;
  },
);

describe('M-Pesa paybill', () => {
  test('a customer pays by paybill: the open active-loans list, the loan detail and the dashboard show it without a reload', async () => {
    const admin = adminPage;
    await openMenuItem(admin, 'Active Loans', 'Loans');
    const row = admin.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText(`A/C ${account}`).waitFor();
    await row.getByRole('cell', { name: 'Ksh 13,440.00' }).first().waitFor();

    const printed = await simulate(
      '--account',
      account.toLowerCase(),
      '--amount',
      '3360',
      '--trans-id',
      'MPB1000001',
      '--resend',
    );
    assert.match(printed, /confirmation: HTTP 200/);

    // The list was open before the payment: it catches up by itself (live refresh), applied once.
    await row.getByRole('cell', { name: 'Ksh 10,080.00' }).first().waitFor({ timeout: 30_000 });

    await admin.goto(`${product.url}/viewloan/${loanId}`);
    const repayments = admin.getByRole('table', { name: 'Loan Repayments' });
    const paybillRow = repayments.getByRole('row', { name: /MPB1000001/ });
    await paybillRow.getByText('Paybill').waitFor();
    assert.equal(await repayments.getByRole('row', { name: /MPB1000001/ }).count(), 1);

    await admin.goto(`${product.url}/`);
    await admin.getByLabel('Amount Collected: Ksh 3,360.00').waitFor();
  });

  test('an unmatched payment waits in suspense; the admin finds the loan by the customer and assigns it, and it lands on the loan', async () => {
    const admin = adminPage;
    await simulate('--unknown', '--amount', '1500', '--trans-id', 'MPB2000001');

    await admin.goto(`${product.url}/`);
    await admin
      .getByRole('link', { name: /M-Pesa Suspense/ })
      .getByText('Ksh 1,500.00 waiting')
      .waitFor();
    await openMenuItem(admin, 'M-Pesa Suspense', 'Repayments');
    const waiting = admin.getByRole('row', { name: /MPB2000001/ });
    await waiting.getByRole('cell', { name: 'No open loan has this account number' }).waitFor();
    await waiting.getByRole('button', { name: 'Assign payment MPB2000001' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Assign Payment' });
    await dialog.getByLabel('Find the loan').fill('0722555666');
    const choice = dialog.getByRole('radio', { name: new RegExp(`${account}.*${NAME}`) });
    await choice.check();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await admin.getByText(`Ksh 1,500.00 applied to loan ${loanId}`).waitFor();
    await admin.getByText('No payments are waiting.').waitFor();

    await admin.goto(`${product.url}/viewloan/${loanId}`);
    await admin
      .getByRole('table', { name: 'Loan Repayments' })
      .getByRole('row', { name: /MPB2000001/ })
      .waitFor();
    await admin.getByText('Ksh 8,580.00').first().waitFor();
  });
});
