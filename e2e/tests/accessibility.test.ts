// axe-core over every page of the specification, as an admin in the light and dark themes on a
// desktop and a phone, and as an officer in two of those (CONFIGS): no serious or critical WCAG 2.1
// A/AA violation. Also the skip link and the page titles. The route table comes from the shared
// contract; who may open a page, from the remotes' declarations the product serves
// (/remotes.config.json), as the shell decides it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appRoutes } from '../../shared/src/contract/routes';
import { REMOTES_CONFIG_PATH, type RemotesConfig } from '../../shared/src/contract/remotes';
import { runAxe, seriousFindings } from '../src/axe';
import { launchChromium, signIn } from '../src/browser';
import {
  createProduct,
  createStaff,
  disbursedLoan,
  paidRepayment,
  recordPromise,
  recordRepayment,
  registerCustomer,
  testOfficer,
} from '../src/api-setup';
import { ADMIN, apiLogin, startProduct, type RunningProduct } from '../src/product';

const OFFICER = testOfficer('Achieng', 'Otieno', 'a11y');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
type Theme = 'light' | 'dark';
type Role = 'admin' | 'officer';

/** Pages the menu and the route table offer (not the template demo pages). */
/** Every page without a parameter, once: appRoutes' own and its lists' (appRoutes.loanLists, …). */
const STATIC_PAGES: string[] = [
  ...new Set(
    Object.values(appRoutes).flatMap((route) =>
      typeof route === 'string' ? [route] : typeof route === 'object' ? Object.values(route) : [],
    ),
  ),
];

interface Finding {
  config: string;
  path: string;
  rule: string;
  impact: string;
  target: string;
  html: string;
  detail: string;
}

let product: RunningProduct;
let browser: Browser;
let loanId: number;
let customerId: number;
const findings: Finding[] = [];
let pagesChecked = 0;
const startedAt = Date.now();
/** Each role's closed routes: a route whose declared roles leave it out, or of a remote closed to it. */
const closedTo: Record<Role, Set<string>> = { admin: new Set(), officer: new Set() };

before(async () => {
  product = await startProduct();
  browser = await launchChromium();
  const config = (await (await fetch(new URL(REMOTES_CONFIG_PATH, product.url))).json()) as RemotesConfig;
  assert.ok(
    config.remotes.every((remote) => remote.contributions),
    'every remote declares its routes',
  );
  for (const role of ['admin', 'officer'] as const)
    for (const remote of config.remotes)
      for (const route of remote.contributions?.routes ?? [])
        if (!(remote.roles ?? [role]).includes(role) || !(route.roles ?? [role]).includes(role))
          closedTo[role].add(route.path);
  const admin = await apiLogin(product.url, ADMIN.email, ADMIN.password);
  await createStaff(product.url, admin, OFFICER, 'officer');
  const officer = await apiLogin(product.url, OFFICER.email, OFFICER.password);
  const tokens = { admin, officer };
  const productId = await createProduct(product.url, admin, {
    name: 'Tecno Weekly',
    minAmount: 5_000,
    maxAmount: 60_000,
    interestRate: 10,
    durationDays: 90,
  });
  const customers = [];
  for (const [index, name] of ['Juma Baraka', 'Wanjiru Njeri', 'Kiprop Cheruiyot'].entries()) {
    const [firstName, lastName] = name.split(' ') as [string, string];
    customers.push(
      await registerCustomer(product.url, officer, {
        firstName,
        lastName,
        phone: `07120000${10 + index}`,
        nationalId: `3300000${index}`,
      }),
    );
  }
  customerId = customers[0]!;
  // An active loan with an approved part payment (partially paid), one with a payment still
  // pending, and a plain active one: badges of several colours.
  loanId = await disbursedLoan(product.url, tokens, {
    customerId: customers[0]!,
    productId,
    amount: 20_000,
    imei: '356938035643809',
    codes: ['QAB1CD2EF1', 'QAB1CD2EF2'],
  });
  await paidRepayment(product.url, tokens, { loanId, amount: 3_000, mpesaCode: 'QAB1CD2EF3' });
  const second = await disbursedLoan(product.url, tokens, {
    customerId: customers[1]!,
    productId,
    amount: 15_000,
    imei: '356938035643817',
    codes: ['QAB1CD2EF4', 'QAB1CD2EF5'],
  });
  await recordRepayment(product.url, officer, { loanId: second, amount: 1_500, mpesaCode: 'QAB1CD2EF6' });
  // Promises to pay: kept (the approved payment covers it) and pending, their tags on the due
  // list and the loan's notes.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  await recordPromise(product.url, officer, { loanId, today, date: today, amount: 3_000 });
  await recordPromise(product.url, officer, { loanId: second, today, date: today, amount: 1_500 });
  await disbursedLoan(product.url, tokens, {
    customerId: customers[2]!,
    productId,
    amount: 10_000,
    imei: '356938035643825',
    codes: ['QAB1CD2EF7', 'QAB1CD2EF8'],
  });
});

after(async () => {
  await browser?.close();
  await product?.stop();
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(`accessibility: ${pagesChecked} pages checked in ${seconds} s`);
});

async function newContext(theme: Theme, viewport: ViewportName): Promise<BrowserContext> {
  // The product's CSP refuses inline scripts: axe-core is injected as one.
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], bypassCSP: true });
  // The stored theme (docs/product.md#constants) is read before the first paint.
  if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  return context;
}

/** Waits for the page's heading and for its data (no spinner, no skeleton, network quiet). */
async function settle(page: Page): Promise<void> {
  try {
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'),
      null,
      {
        timeout: 15_000,
      },
    );
  } catch (error) {
    throw new Error(`${new URL(page.url()).pathname} did not settle: ${(error as Error).message}`);
  }
}

/**
 * Opens `path` through the app's own router, as following a link in the menu does: the shell and
 * the remotes are loaded once per configuration instead of once per page (what a person does all
 * day; loading each address afresh is the layout and skeleton tests' part). The tab's title names
 * each page (page-title.ts) and changes once the router has moved; should it not, the address is
 * loaded instead.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return;
  const before = await page.title();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  try {
    await page.waitForFunction((title) => document.title !== title, before, { timeout: 5_000 });
  } catch {
    await page.goto(`${product.url}${path}`);
  }
}

/**
 * The dashboard's trends load once scrolled to, after the cards (mf-loans deferred-trends.tsx):
 * brought into view and waited for, so that the audit covers their charts and due loans.
 */
async function trendsDrawn(page: Page): Promise<void> {
  const placeholder = page.getByRole('status', { name: 'Loading the trends' }).first();
  // It may be gone already (loaded in view), or go while being scrolled to.
  if ((await placeholder.count()) > 0) await placeholder.scrollIntoViewIfNeeded().catch(() => undefined);
  await page.getByRole('img', { name: 'PAR30 by week' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Runs axe on the page as it is now and records its serious and critical violations. */
async function audit(page: Page, config: string, path: string): Promise<number> {
  const found = seriousFindings(await runAxe(page));
  pagesChecked += 1;
  findings.push(...found.map((finding) => ({ config, path, ...finding })));
  return found.length;
}

function report(config: string, found: Finding[]): string {
  return [
    `${config}: ${found.length} serious or critical violation(s)`,
    ...found.map((f) => `  ${f.path} [${f.impact}] ${f.rule} ${f.target}\n    ${f.html}\n    ${f.detail}`),
  ].join('\n');
}

/** The pages a role visits: all of the route table for an admin; an officer's own plus one closed. */
function pagesFor(role: Role): string[] {
  const own = STATIC_PAGES.filter((path) => path !== appRoutes.signin && !closedTo[role].has(path));
  const closed: string[] = role === 'officer' ? [appRoutes.allUsers] : [];
  return [...own, ...closed, appRoutes.viewLoan(loanId), appRoutes.customerPage(customerId), '/no-such-page'];
}

/**
 * Controls that show only once used (issue 34): each opened on its page, audited with the page,
 * then closed, as an admin in each theme and viewport.
 */
const OPENED: {
  name: string;
  path: () => string;
  open: (page: Page) => Promise<void>;
  close: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'rows selected, with the selection bar',
    path: () => appRoutes.pendingRepayments,
    open: async (page) => {
      await page
        .getByRole('checkbox', { name: /^Select the repayment of / })
        .first()
        .check();
      await page.getByRole('button', { name: 'Approve selected' }).waitFor();
    },
    close: async () => undefined,
  },
  {
    name: 'the bulk approval confirmation',
    path: () => appRoutes.pendingRepayments,
    open: async (page) => {
      await page.getByRole('button', { name: 'Approve selected' }).click();
      await page.getByRole('dialog', { name: /^Approve 1 repayment/ }).waitFor();
    },
    close: async (page) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'the column chooser',
    path: () => appRoutes.loans,
    open: async (page) => {
      await page.getByRole('button', { name: 'Columns of Active Loans' }).click();
      await page.getByRole('group', { name: 'Columns shown in Active Loans' }).waitFor();
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('group', { name: 'Columns shown in Active Loans' }).waitFor({ state: 'hidden' });
    },
  },
  {
    name: "the loan page's Repayment dialog",
    path: () => appRoutes.viewLoan(loanId),
    open: async (page) => {
      await page.getByRole('button', { name: 'Repay', exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    },
  },
  {
    name: "the loan page's Add Note dialog",
    path: () => appRoutes.viewLoan(loanId),
    open: async (page) => {
      await page.getByRole('button', { name: 'Add Note', exact: true }).click();
      await page.getByRole('dialog', { name: 'Add Note' }).waitFor();
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    },
  },
];

/**
 * An admin in every theme and viewport (every page and control); an officer, whose pages are a
 * subset of an admin's with fewer actions and one closed page, in two that between them cover
 * each theme and each viewport once: the other two took the suite's longest stage 3 min on CI
 * and audited no page an admin's four do not.
 */
const CONFIGS: { role: Role; theme: Theme; viewport: ViewportName }[] = [];
for (const theme of ['light', 'dark'] as const)
  for (const viewport of ['desktop', 'phone'] as const) CONFIGS.push({ role: 'admin', theme, viewport });
CONFIGS.push(
  { role: 'officer', theme: 'light', viewport: 'desktop' },
  { role: 'officer', theme: 'dark', viewport: 'phone' },
);

describe('axe-core finds no serious or critical violation', () => {
  for (const { role, theme, viewport } of CONFIGS) {
    const config = `${role} ${theme} ${viewport}`;
    test(config, async () => {
      const context = await newContext(theme, viewport);
      const page = await context.newPage();
      const before = findings.length;
      try {
        // The static sign-in page, once per theme and viewport.
        if (role === 'admin') {
          await page.goto(`${product.url}${appRoutes.signin}`);
          await page.getByRole('heading', { name: 'Sign In' }).waitFor();
          await audit(page, config, appRoutes.signin);
        }
        const staff = role === 'admin' ? ADMIN : OFFICER;
        await signIn(page, product.url, staff.email, staff.password);
        for (const path of pagesFor(role)) {
          await openInApp(page, path);
          await settle(page);
          if (path === appRoutes.dashboard) await trendsDrawn(page);
          await audit(page, config, path);
        }
        if (role === 'admin')
          for (const control of OPENED) {
            await openInApp(page, control.path());
            await settle(page);
            await control.open(page);
            await audit(page, config, `${control.path()} (${control.name})`);
            await control.close(page);
          }
      } finally {
        await context.close();
      }
      const found = findings.slice(before);
      console.log(report(config, found).split('\n')[0]);
      assert.equal(found.length, 0, report(config, found));
    });
  }
});

describe('keyboard and titles', () => {
  test('the first Tab focuses "Skip to main content", and Enter moves focus into the main region', async () => {
    const context = await newContext('light', 'desktop');
    const page = await context.newPage();
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await page.goto(`${product.url}${appRoutes.loans}`);
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    assert.ok(
      await skip.evaluate((el) => el === document.activeElement),
      'the skip link is the first focusable element',
    );
    const box = await skip.boundingBox();
    assert.ok(box && box.width > 10 && box.height > 10, 'the focused skip link is visible');
    await page.keyboard.press('Enter');
    const inMain = await page.evaluate(() => {
      const main = document.querySelector('main');
      return !!main && !!document.activeElement && main.contains(document.activeElement);
    });
    assert.ok(inMain, 'focus is in the main region');
    await context.close();
  });

  test('each page has its own title', async () => {
    const context = await newContext('light', 'desktop');
    const page = await context.newPage();
    await page.goto(`${product.url}${appRoutes.signin}`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    assert.equal(await page.title(), 'Sign in · Simu Credit');
    await signIn(page, product.url, OFFICER.email, OFFICER.password);
    const expected: [string, string][] = [
      [appRoutes.dashboard, 'Dashboard · Simu Credit'],
      [appRoutes.loans, 'Active Loans · Simu Credit'],
      [appRoutes.customers, 'All Customers · Simu Credit'],
      [appRoutes.viewLoan(loanId), 'Loan · Simu Credit'],
      [appRoutes.allUsers, 'No access · Simu Credit'],
      ['/no-such-page', 'Page not found · Simu Credit'],
    ];
    for (const [path, title] of expected) {
      await page.goto(`${product.url}${path}`);
      await settle(page);
      assert.equal(await page.title(), title, path);
    }
    // A navigation inside the app (no reload) changes the title too.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page.waitForURL(`${product.url}/`);
    await page.waitForFunction(() => document.title === 'Dashboard · Simu Credit');
    await context.close();
  });
});
