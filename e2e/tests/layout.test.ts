// Lists that fit: at 1280 px a list shows its customer's name and its actions without sideways
// page scrolling; at 360 px no route scrolls sideways and a list is a column of cards; an unknown
// loan says so once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { appRoutes } from '../../shared/src/contract/routes';
import {
  approvedLoan,
  disbursedLoan,
  loanApplication,
  paidRepayment,
  recordRepayment,
  registerCustomer,
  rejectedApplication,
  testOfficer,
} from '../src/api-setup';
import { signIn } from '../src/browser';
import { officeLoan, officeForFile, PHONE_PLUS } from '../src/office';
import { ADMIN } from '../src/product';

const OFFICER = testOfficer('Njeri', 'Kariuki', 'layout');
/** A long name, as real ones are: the cases where a column used to push the actions off-screen. */
const CUSTOMER = {
  firstName: 'Wairimu Nyambura',
  lastName: 'Githinji-Mwangi',
  phone: '0712000111',
  nationalId: '31000111',
};
const NAME = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;
/** Long names too, on the lists of applications and of loans waiting for disbursement. */
const APPLICANT = {
  firstName: 'Chepkoech Jepchirchir',
  lastName: 'Kiprotich-Langat',
  phone: '0712000333',
  nationalId: '31000333',
};
const AWAITING = {
  firstName: 'Mutheu Nduku',
  lastName: 'Kavata-Musyoka',
  phone: '0712000444',
  nationalId: '31000444',
};
const REJECTED = {
  firstName: 'Nyokabi Wambui',
  lastName: 'Kamau-Gathoni',
  phone: '0712000555',
  nationalId: '31000555',
};
const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** An IMEI with a valid Luhn check digit, from a 14-digit body. */
function imei(body: string): string {
  const sum = [...body].reduce((total, char, index) => {
    let digit = Number(char);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    return total + digit;
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let browser: Browser;
let baseUrl: string;
let loanId: number;
let customerId: number;

officeForFile(
  {
    officer: OFFICER,
    loanProduct: PHONE_PLUS,
    customer: CUSTOMER,
  },
  async (office) => {
    ({ browser, customerId } = office);
    baseUrl = office.product.url;
    loanId = await officeLoan(office, {
      amount: 20000,
      imei: imei('35693803564380'),
      codes: ['LYA1000001', 'LYA1000002'],
    });
    // A second active loan, so that the list has more than one row.
    const second = await registerCustomer(baseUrl, office.tokens.officer, {
      firstName: 'Otieno',
      lastName: 'Ochieng',
      phone: '0712000222',
      nationalId: '31000222',
    });
    await disbursedLoan(baseUrl, office.tokens, {
      customerId: second,
      productId: office.productId,
      amount: 15000,
      imei: imei('35391805083029'),
      codes: ['LYA1000003', 'LYA1000004'],
    });
    await loanApplication(baseUrl, office.tokens.officer, {
      customerId: await registerCustomer(baseUrl, office.tokens.officer, APPLICANT),
      productId: office.productId,
      amount: 18000,
      imei: imei('35693803564398'),
      code: 'LYA1000005',
    });
    // A rejected application and repayments, approved and pending: every list has rows.
    await rejectedApplication(
      baseUrl,
      office.tokens,
      {
        customerId: await registerCustomer(baseUrl, office.tokens.officer, REJECTED),
        productId: office.productId,
        amount: 9000,
        imei: imei('35391805083045'),
        code: 'LYA1000007',
      },
      'Income could not be verified with the employer',
    );
    await paidRepayment(baseUrl, office.tokens, { loanId, amount: 2500, mpesaCode: 'LYA1000008' });
    await recordRepayment(baseUrl, office.tokens.officer, { loanId, amount: 1200, mpesaCode: 'LYA1000009' });
    await approvedLoan(baseUrl, office.tokens, {
      customerId: await registerCustomer(baseUrl, office.tokens.officer, AWAITING),
      productId: office.productId,
      amount: 12000,
      imei: imei('35391805083037'),
      code: 'LYA1000006',
    });
  },
);

async function adminAt(width: number, height: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await signIn(page, baseUrl, ADMIN.email, ADMIN.password);
  return page;
}

/** How far the page scrolls sideways (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** How far each table of the page scrolls sideways inside itself, by the table's name. */
const tableOverflows = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'))
      .map((region) => ({
        table: region.querySelector('table')?.getAttribute('aria-label') ?? '(unnamed)',
        overflow: region.scrollWidth - region.clientWidth,
      }))
      .filter(({ overflow }) => overflow > 0),
  );

/** Every list page of the route table (loans, applications, repayments, customers, the rest). */
const LIST_PAGES = [
  ...Object.values(appRoutes.loanLists),
  ...Object.values(appRoutes.applicationLists),
  ...Object.values(appRoutes.repaymentLists),
  appRoutes.customers,
  appRoutes.mpesaSuspense,
  appRoutes.loanProducts,
  appRoutes.allUsers,
  appRoutes.monthlyActiveLoans,
  appRoutes.monthlyApprovedRepayments,
  appRoutes.loanReport,
];

describe('at 1280 × 800', () => {
  test('no list hides a column behind a sideways scroll', async () => {
    const page = await adminAt(1280, 800);
    const wide: string[] = [];
    for (const route of new Set(LIST_PAGES)) {
      await page.goto(`${baseUrl}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
      const found = await tableOverflows(page);
      console.log(`1280 px ${route}: ${found.length ? JSON.stringify(found) : 'fits'}`);
      wide.push(...found.map(({ table, overflow }) => `${route} ${table} (${overflow}px)`));
    }
    assert.deepEqual(wide, [], `tables that scroll sideways at 1280 px: ${wide.join(', ')}`);
    await page.context().close();
  });

  test('the loan lists show the name and every action of a row inside the window', async () => {
    const page = await adminAt(1280, 800);
    for (const [route, who] of [
      [appRoutes.loans, NAME],
      [appRoutes.customers, NAME],
      [appRoutes.pendingLoans, fullName(APPLICANT)],
      [appRoutes.pendingDisbursement, fullName(AWAITING)],
    ] as const) {
      await page.goto(`${baseUrl}${route}`);
      const table = page.getByRole('table').first();
      const row = table.getByRole('row').filter({ hasText: who }).first();
      await row.waitFor();
      const name = row.getByRole('cell').filter({ hasText: who }).first();
      const nameBox = await name.boundingBox();
      assert.ok(nameBox && nameBox.x >= 0 && nameBox.x + 40 <= 1280, `${route}: name cell in view`);
      const buttons = row.getByRole('button');
      assert.ok((await buttons.count()) > 0, `${route}: the row has actions`);
      for (const button of await buttons.all()) {
        const box = await button.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= 1280,
          `${route}: ${await button.textContent()} in view (${JSON.stringify(box)})`,
        );
      }
      assert.ok((await sidewaysOverflow(page)) <= 0, `${route}: no sideways page scroll`);
    }
    await page.context().close();
  });
});

describe('the menu at 1280 × 800', () => {
  test('each group shows its own icon, not the fallback (the icons the remotes name are in the build)', async () => {
    const page = await adminAt(1280, 800);
    const menu = page.locator('.ant-menu-root');
    for (const [label, icon] of [
      ['Dashboard', 'dashboard'],
      ['Customers', 'team'],
      ['Loans', 'bank'],
      ['Repayments', 'dollar'],
      ['Loan Products', 'shopping'],
      ['Reports', 'file-text'],
      ['Users', 'user'],
      ['Devices & Messages', 'message'],
    ] as const) {
      const item = menu.getByRole('menuitem').filter({ hasText: new RegExp(`^${label}$`) });
      const classes = await item.locator('.anticon').first().getAttribute('class');
      assert.match(classes ?? '', new RegExp(`\\banticon-${icon}\\b`), `${label}: ${classes}`);
    }
    await page.context().close();
  });
});

/** The innermost elements reaching past the window's right edge, to say what overflows. */
const widestElements = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.body.querySelectorAll('*'))
      .filter(
        (el) =>
          el.getBoundingClientRect().right > width &&
          !Array.from(el.children).some((child) => child.getBoundingClientRect().right > width),
      )
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${el.textContent?.slice(0, 40) ?? ''}" right=${Math.round(el.getBoundingClientRect().right)}`,
      )
      .join('; ');
  });

describe('at 360 × 740', () => {
  test('no route scrolls sideways', async () => {
    const page = await adminAt(360, 740);
    const routes: string[] = [
      ...Object.values(appRoutes).filter((route) => typeof route === 'string'),
      appRoutes.viewLoan(loanId),
    ].filter((route) => route !== appRoutes.signin);
    const overflows: string[] = [];
    for (const route of routes) {
      await page.goto(`${baseUrl}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Lazy remotes and their data settle after the heading.
      await page.waitForLoadState('networkidle');
      const overflow = await sidewaysOverflow(page);
      console.log(`360 px ${route}: overflow ${overflow}px`);
      if (overflow > 0) overflows.push(`${route} (${overflow}px: ${await widestElements(page)})`);
    }
    assert.deepEqual(overflows, [], `routes that scroll sideways: ${overflows.join(', ')}`);
    await page.context().close();
  });

  test('a list shows a card per row with its actions reachable', async () => {
    const page = await adminAt(360, 740);
    await page.goto(`${baseUrl}${appRoutes.loans}`);
    const list = page.getByRole('list', { name: 'Active Loans' });
    const card = list.getByRole('listitem').filter({ hasText: NAME });
    await card.waitFor();
    assert.equal(await list.getByRole('listitem').count(), 2);
    assert.equal(await page.getByRole('table', { name: 'Active Loans' }).count(), 0);
    const view = card.getByRole('button', { name: `View ${NAME}` });
    await view.scrollIntoViewIfNeeded();
    const box = await view.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `View in view (${JSON.stringify(box)})`);
    await view.click();
    await page.waitForURL(`${baseUrl}${appRoutes.viewLoan(loanId)}`);
    await page.getByRole('button', { name: 'Repossess' }).waitFor();
    await page.context().close();
  });
});

describe('at 390 × 844 (a phone)', () => {
  test('the customer page fits: its tables (next of kin, loans) scroll inside themselves, not the page', async () => {
    const page = await adminAt(390, 844);
    await page.goto(`${baseUrl}${appRoutes.customerPage(customerId)}`);
    const kin = page.getByRole('table', { name: `Next of kin of ${NAME}` });
    await kin.getByRole('cell', { name: 'Akinyi Ouma' }).waitFor();
    await page.getByRole('table', { name: 'Loans' }).getByRole('row').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await sidewaysOverflow(page);
    assert.equal(
      overflow,
      0,
      `the customer page scrolls sideways by ${overflow}px: ${await widestElements(page)}`,
    );
    await page.context().close();
  });

  test("the dashboard fits and puts the officer's work first: Due today above the cards", async () => {
    const page = await adminAt(390, 844);
    const due = page.getByRole('heading', { name: 'Due today' });
    await due.waitFor();
    const firstCard = page.getByRole('link', { name: /^Active Loans/ });
    await firstCard.waitFor();
    const [dueBox, cardBox] = [await due.boundingBox(), await firstCard.boundingBox()];
    assert.ok(
      dueBox && cardBox && dueBox.y < cardBox.y,
      `Due today (${dueBox?.y}) above the cards (${cardBox?.y})`,
    );
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('heading', { name: 'Due today' }).count(), 1, 'Due today once');
    const overflow = await sidewaysOverflow(page);
    assert.equal(
      overflow,
      0,
      `the dashboard scrolls sideways by ${overflow}px: ${await widestElements(page)}`,
    );
    await page.context().close();
  });
});

describe('a loan that is not there', () => {
  test('/viewloan/9999 says so once, with a way back, and no failure boxes', async () => {
    const page = await adminAt(1280, 800);
    await page.goto(`${baseUrl}${appRoutes.viewLoan(9999)}`);
    await page.getByRole('heading', { name: 'This loan does not exist or is not in your book.' }).waitFor();
    assert.equal(await page.getByText(/Failed to fetch/).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Add Note' }).count(), 0);
    await page.getByRole('button', { name: 'Active Loans' }).click();
    await page.waitForURL(`${baseUrl}${appRoutes.loans}`);
    await page.context().close();
  });
});
