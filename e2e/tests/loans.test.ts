import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testOfficer } from '../src/api-setup';
import { repayFromLoansList } from '../src/browser';
import { officeForFile, PHONE_PLUS } from '../src/office';

const OFFICER = testOfficer('Grace', 'Muthoni');
const CUSTOMER = { firstName: 'Achieng', lastName: 'Wambui', phone: '0712345678', nationalId: '23456789' };
const NAME = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;
/** A real IMEI (valid Luhn check digit). */
const IMEI = '490154203237518';

const office = officeForFile({ officer: OFFICER, loanProduct: PHONE_PLUS, customer: CUSTOMER });

describe('the loan lifecycle', () => {
  test('an officer applies for a phone loan for their customer', async () => {
    const page = office.officerPage;
    await page.goto(`${office.product.url}/customers`);
    await page.getByRole('button', { name: `Apply for ${NAME}` }).click();
    await page.waitForURL(`${office.product.url}/loan-application`);
    await page.getByText(NAME).first().waitFor();
    // Submit before anything is chosen: every missing field is named at once, nothing is sent.
    const submitted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/loansApplication'))
        submitted.push(request.url());
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const message of [
      'Product is required',
      'Amount is required',
      'Purpose is required',
      'Phone model is required',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    assert.deepEqual(submitted, []);
    await page.getByLabel('Product').click();
    await page.keyboard.press('Enter');
    await page.getByLabel('Amount').fill('20000');
    await page.getByLabel('Purpose').fill('Phone for M-Pesa business');
    await page.getByLabel('Model').fill('Samsung Galaxy A15');
    await page.getByLabel('IMEI Number').fill(IMEI);
    await page.getByLabel('Mpesa Code').fill('qgh7xk2lma');
    // The preview shows what the customer will repay: 20,000 + 10 % over 4 weeks, installment by
    // installment, from the loan-terms code the server schedules with.
    await page.getByText('Ksh 22,000.00').first().waitFor();
    const plan = page.getByRole('region', { name: 'Installment plan' });
    await plan.getByText('4 weekly installments, if approved for this amount').waitFor();
    const rows = await plan.getByRole('row').allInnerTexts();
    assert.deepEqual(
      rows.slice(1).map((row) =>
        row
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/^(\d) \d+ \w+ \d{4}/, '$1'),
      ),
      [
        '1 Ksh 5,500.00',
        '2 Ksh 5,500.00',
        '3 Ksh 5,500.00',
        '4 Ksh 5,500.00',
        'Total to repay Ksh 22,000.00',
      ],
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Loan application submitted successfully!').waitFor();
    await page.waitForURL(`${office.product.url}/`);
  });

  test('an admin approves it with a disbursed amount and disburses it with an M-Pesa code', async () => {
    const page = office.adminPage;
    await page.goto(`${office.product.url}/pending-loans`);
    await page.getByRole('button', { name: `Approve the application of ${NAME}` }).click();
    const approve = page.getByRole('dialog', { name: 'Enter Disbursed Amount' });
    // The modal names the customer and the phone: its Approve is the one confirmation (issue 34).
    await approve.getByText(NAME).waitFor();
    await approve.getByText('Samsung Galaxy A15').waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('button', { name: `Approve the application of ${NAME}` })
      .waitFor({ state: 'detached' });

    await page.goto(`${office.product.url}/pending-disbursement`);
    await page.getByRole('button', { name: `Disburse the loan of ${NAME}` }).click();
    const disburse = page.getByRole('dialog', { name: 'Enter Mpesa Code' });
    await disburse.getByLabel('Mpesa Code').fill('QGH7XK2LMB');
    await disburse.getByText(NAME).waitFor();
    await disburse.getByRole('button', { name: 'Disburse' }).click();
    await page.getByRole('button', { name: `Disburse the loan of ${NAME}` }).waitFor({ state: 'detached' });

    // A new loan is not in arrears: its phone is active, so Lock is not offered.
    await page.goto(`${office.product.url}/loans`);
    await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
    assert.equal(await page.getByRole('button', { name: `Lock ${NAME}` }).count(), 0);
  });

  test('the officer records a repayment, which shows pending on the loan', async () => {
    const page = office.officerPage;
    await repayFromLoansList(page, office.product.url, NAME, { amount: '5500', mpesaCode: 'QGH7XK2LMC' });

    await page.getByRole('button', { name: `View ${NAME}` }).click();
    await page.waitForURL(/\/viewloan\/\d+$/);
    const repayments = page.getByRole('table', { name: 'Loan Repayments' });
    await repayments.getByRole('cell', { name: 'QGH7XK2LMC' }).waitFor();
  });

  test("the officer's dashboard and lists agree with the loan", async () => {
    const page = office.officerPage;
    await page.goto(`${office.product.url}/`);
    await page.getByRole('link', { name: 'Active Loans 1' }).waitFor();
    await page.getByLabel('Amount Financed: Ksh 20,000.00').waitFor();
    // A pending repayment is not collected until it is approved.
    await page.getByLabel('Amount Collected: Ksh 0.00').waitFor();
    assert.equal(await page.getByText('Defaulted Loans').count(), 0, 'officers do not see Defaulted Loans');
    await page.getByRole('link', { name: 'Active Loans 1' }).click();
    await page.waitForURL(`${office.product.url}/loans`);
    await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
  });

  test('an admin sorts the active loans by a header and filters by status; the URL keeps both through a reload', async () => {
    const page = office.adminPage;
    await page.goto(`${office.product.url}/loans`);
    await page.getByRole('button', { name: `View ${NAME}` }).waitFor();

    // A table with a pinned column renders its header twice (antd measures it): the first is shown.
    const nameHeader = page.getByRole('columnheader', { name: /Customer/ }).first();
    await nameHeader.click();
    await page.waitForURL(/\/loans\?sort=customer_name&order=asc$/);

    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Status' }).click();
    await page.keyboard.type('active');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/loans\?sort=customer_name&order=asc&status=active$/);
    await page.getByRole('button', { name: `View ${NAME}` }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
    assert.match(page.url(), /\/loans\?sort=customer_name&order=asc&status=active$/);
    assert.equal(await nameHeader.getAttribute('aria-sort'), 'ascending');
    await filters.getByTitle('active', { exact: true }).waitFor();

    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(/\/loans\?sort=customer_name&order=asc$/);
    await filters.getByRole('button', { name: 'Clear filters' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `View ${NAME}` }).waitFor();
  });

  test('an admin adds a note, prints the statement and repossesses the phone', async () => {
    const page = office.adminPage;
    await page.goto(`${office.product.url}/loans`);
    await page.getByRole('button', { name: `View ${NAME}` }).click();
    await page.waitForURL(/\/viewloan\/\d+$/);

    await page.getByRole('button', { name: 'Add Note' }).click();
    const note = page.getByRole('dialog', { name: 'Add Note' });
    await note.getByLabel('Note Date').fill('2026-11-20');
    await page.keyboard.press('Enter');
    await note.getByLabel('Note', { exact: true }).fill('Customer promised to pay on Friday.');
    await note.getByRole('button', { name: 'Save Note' }).click();
    await page.getByText('Note added successfully!').waitFor();
    await page
      .getByRole('table', { name: 'Loan Notes' })
      .getByText('Customer promised to pay on Friday.')
      .waitFor();

    // Edit Loan corrects the phone model (a repayment is recorded, so the IMEI stays fixed).
    await page.getByRole('button', { name: 'Edit Loan' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Loan' });
    assert.equal(await edit.getByLabel('IMEI').isDisabled(), true, 'IMEI fixed after a repayment');
    await edit.getByLabel('Phone Model').fill('Tecno Camon 30');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Loan updated successfully').waitFor();
    await page.getByText('Tecno Camon 30').first().waitFor();

    const [statement] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Print Statement' }).click(),
    ]);
    await statement.getByText(NAME).first().waitFor();
    await statement.close();

    await page.getByRole('button', { name: 'Repossess' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Phone Repossesion' });
    await confirm.getByRole('button', { name: /OK|Repossess|Yes/ }).click();
    await confirm.waitFor({ state: 'detached' });
    // Repossess is no longer offered once the phone is repossessed.
    await page.getByRole('button', { name: 'Repossess' }).waitFor({ state: 'detached' });
    await page.getByText('repossessed').first().waitFor();
  });
});
