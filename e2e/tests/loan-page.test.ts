// The loan page takes a payment and shows the plan (issue 34): an officer repays from the loan page
// (the repayment waits as pending approval, Paid does not move) and sees the schedule with the next
// installment highlighted; once an admin approves, Paid moves. The page fits 1280 × 800 and
// 390 × 844 in the light and dark themes, with no serious or critical axe violation.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { appRoutes } from '../../shared/src/contract/routes';
import { testOfficer } from '../src/api-setup';
import { openMenuItem, signIn, waitForUrl } from '../src/browser';
import { officeLoan, officeForFile, WEEKLY_PRODUCT } from '../src/office';
import { ADMIN } from '../src/product';

const OFFICER = testOfficer('Faith', 'Wambui', 'loan-page');
const NAME = 'Grace Achieng';
let loanId = 0;

const office = officeForFile(
  {
    officer: OFFICER,
    loanProduct: WEEKLY_PRODUCT,
    customer: { firstName: 'Grace', lastName: 'Achieng', phone: '0711222333', nationalId: '39887766' },
  },
  async (opened) => {
    // 12,000 at 12 % over 4 weeks: 13,440.00 in 4 installments of 3,360.00.
    loanId = await officeLoan(opened, {
      amount: 12000,
      imei: '356938035643809',
      codes: ['LPA1000001', 'LPA1000002'],
    });
  },
);

/** The value beside a label of the loan's details grid. */
const detail = (page: Page, label: string): Locator =>
  page
    .locator('th.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]');

/** The schedule's row of installment `number` (its first cell). */
const installment = (page: Page, number: number): Locator =>
  page
    .getByRole('table', { name: 'Schedule' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(number), exact: true }) });

/** The texts of a row's cells. */
const cells = (row: Locator) => row.getByRole('cell').allInnerTexts();

describe('the loan page', () => {
  test('an officer repays on the loan page: pending approval, Paid unchanged; the next installment is highlighted', async () => {
    const page = office.officerPage;
    await openMenuItem(page, 'Active Loans', 'Loans');
    await page.getByRole('button', { name: `View ${NAME}` }).click();
    await waitForUrl(page, new RegExp(`${appRoutes.viewLoan(loanId)}$`));

    // The schedule: four installments, the first one the next to pay.
    const schedule = page.getByRole('table', { name: 'Schedule' });
    await schedule.waitFor();
    assert.equal(await schedule.locator('tbody tr[data-row-key]').count(), 4);
    const first = installment(page, 1);
    assert.equal(await first.getAttribute('aria-current'), 'step');
    const firstCells = await cells(first);
    assert.deepEqual(firstCells.slice(2, 6), ['Ksh 3,360.00', 'Ksh 0.00', 'Ksh 3,360.00', 'Ksh 0.00']);
    assert.match(firstCells[6] ?? '', /^Due\s*Next$/);
    assert.equal(await installment(page, 2).getAttribute('aria-current'), null);
    await page.getByText(/^Next: installment 1, Ksh 3,360\.00 due /).waitFor();
    assert.equal(await detail(page, 'Paid').innerText(), 'Ksh 0.00');

    // Repay, with the Active Loans modal.
    await page.getByRole('button', { name: 'Repay', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Repayment' });
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByLabel('Mpesa Code').fill('LPA1000003');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Repayment saved successfully!').waitFor();

    const repayments = page.getByRole('table', { name: 'Loan Repayments' });
    const pending = repayments.getByRole('row').filter({ hasText: 'LPA1000003' });
    await pending.getByText('Pending approval').waitFor();
    await pending.getByRole('cell', { name: 'Ksh 100.00' }).waitFor();
    // A pending Ksh 100 is not paid: Paid and the schedule stay, and it is said apart.
    await detail(page, 'Awaiting Approval').getByText('Ksh 100.00').waitFor();
    assert.equal(await detail(page, 'Paid').innerText(), 'Ksh 0.00');
    assert.equal(await detail(page, 'Balance').innerText(), 'Ksh 13,440.00');
    assert.equal((await cells(installment(page, 1)))[3], 'Ksh 0.00');
    // The history line says how much was recorded.
    await page
      .getByRole('table', { name: 'Loan History' })
      .getByRole('row')
      .filter({ hasText: 'Repayment recorded' })
      .getByRole('cell', { name: 'Ksh 100.00' })
      .waitFor();
  });

  test('after an admin approves it, Paid and the schedule move', async () => {
    const admin = office.adminPage;
    await openMenuItem(admin, 'Pending Repayments', 'Repayments');
    await admin.getByRole('button', { name: `Approve the repayment of ${NAME}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve Repayment' });
    await confirm.getByText('LPA1000003').waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Repayment approved successfully!').waitFor();

    const page = office.officerPage;
    await page.goto(`${office.product.url}${appRoutes.viewLoan(loanId)}`);
    await detail(page, 'Paid').getByText('Ksh 100.00').waitFor();
    assert.equal(await detail(page, 'Balance').innerText(), 'Ksh 13,340.00');
    assert.equal(await detail(page, 'Awaiting Approval').count(), 0);
    const repayment = page.getByRole('table', { name: 'Loan Repayments' }).getByRole('row').filter({
      hasText: 'LPA1000003',
    });
    await repayment.getByText('Approved').waitFor();
    const first = installment(page, 1);
    const firstCells = await cells(first);
    assert.deepEqual(firstCells.slice(2, 6), ['Ksh 3,360.00', 'Ksh 100.00', 'Ksh 3,260.00', 'Ksh 0.00']);
    assert.match(firstCells[6] ?? '', /^Due\s*Next$/);
    await page.getByText(/^Next: installment 1, Ksh 3,260\.00 due /).waitFor();
  });
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(() =>
    (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' ')}: ${node.html.slice(0, 100)}`));
}

describe('the loan page fits', () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${width} × ${height}, ${theme}: no sideways page scroll, the schedule in reach, axe clean`, async () => {
        // The product's CSP refuses inline scripts: axe-core is injected as one.
        const context = await office.browser.newContext({ viewport: { width, height }, bypassCSP: true });
        if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
        const page = await context.newPage();
        try {
          await signIn(page, office.product.url, ADMIN.email, ADMIN.password);
          await page.goto(`${office.product.url}${appRoutes.viewLoan(loanId)}`);
          await page.getByRole('table', { name: 'Schedule' }).waitFor();
          await page.getByRole('table', { name: 'Loan History' }).getByText('Loan disbursed').waitFor();
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => {
            const root = document.scrollingElement ?? document.documentElement;
            return root.scrollWidth - root.clientWidth;
          });
          console.log(`loan page ${width}×${height} ${theme}: sideways overflow ${overflow}px`);
          assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
          // Every action of the header is inside the window.
          for (const name of ['Repay', 'Add Note', 'Repossess']) {
            const box = await page.getByRole('button', { name, exact: true }).boundingBox();
            assert.ok(
              box && box.x >= 0 && box.x + box.width <= width,
              `${name} in view (${JSON.stringify(box)})`,
            );
          }
          const next = installment(page, 1);
          await next.getByText('Next').scrollIntoViewIfNeeded();
          assert.ok(await next.getByText('Next').isVisible(), 'the Next tag can be seen');
          // LOAN_PAGE_SCREENSHOTS=<folder> keeps a picture of each, for a person to look at.
          const folder = process.env.LOAN_PAGE_SCREENSHOTS;
          if (folder)
            await page.screenshot({ path: `${folder}/loan-page-${width}-${theme}.png`, fullPage: true });
          assert.deepEqual(await axeViolations(page), []);
        } finally {
          await context.close();
        }
      });
    }
  }
});
