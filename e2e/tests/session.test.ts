// Sessions: renewed while the person works, ended when idle for the hour, and a half-typed
// registration (a photo included) kept in the browser across the end. The browser's clock is moved
// with page.clock and the server's with it: the product is restarted on the same data and port
// with its security clock ahead (LENDER_WALL_AHEAD_MINUTES, tests only), so that the server itself
// refuses a token whose hour is over.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createOfficer, PNG, testOfficer } from '../src/api-setup';
import { runAxe, seriousFindings } from '../src/axe';
import { openMenuItem } from '../src/browser';
import { clockedProduct } from '../src/clocked-product';
import { ADMIN, type RunningProduct } from '../src/product';

const OFFICER = testOfficer('Akinyi', 'Odera', 'session');

const file = clockedProduct('session');
let product: RunningProduct;

let minutesAhead = 0;
/** The server's clock `minutes` ahead of real time (a restart, unless it is already), the pages still open on it. */
const serverAhead = async (minutes: number) => {
  if (minutes === minutesAhead) return;
  product = await file.restartWith({ LENDER_WALL_AHEAD_MINUTES: String(minutes) });
  minutesAhead = minutes;
};

before(async () => {
  product = await file.restartWith({});
  await createOfficer(product.url, OFFICER);
});

/** What the server answers a signed-in read with `token` (200, or 401 once its hour is over). */
const answerTo = async (token: string | null) =>
  (await fetch(`${product.url}/api/loans/due-today`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

/** A fresh browser context whose clock the test moves; it runs on real time until then. */
async function clockedPage(): Promise<Page> {
  const browser = await file.browser();
  // bypassCSP: axe-core is injected as an inline script (src/axe.ts).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  await page.clock.install();
  return page;
}

async function signInAs(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${product.url}/signin`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/** Whether the draft store holds a draft yet (opened without a version: never creates it). */
const draftKept = (page: Page) =>
  page.waitForFunction(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('lender-drafts')) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open('lender-drafts');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('drafts')) {
          db.close();
          resolve(false);
          return;
        }
        const count = db.transaction('drafts').objectStore('drafts').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result > 0);
        };
      };
    });
  });

describe('session', () => {
  test('a person at work is renewed before the hour ends, without a page change; the old token then ends', async () => {
    await serverAhead(0);
    const page = await clockedPage();
    await signInAs(page, OFFICER);
    const first = await storedToken(page);
    await openMenuItem(page, 'Register Customer', 'Customers');
    await page.waitForURL(`${product.url}/register-customer`);
    const firstName = page.getByRole('region', { name: 'Personal Information' }).getByLabel('First Name', {
      exact: true,
    });
    await firstName.fill('Jane');

    // 52 minutes on, both clocks: the person types again, within the token's last 10 minutes.
    await serverAhead(52);
    await page.clock.fastForward('00:52:00');
    await firstName.press('End');
    await firstName.pressSequentially(' W');
    await page.waitForFunction((old) => localStorage.getItem('access_token') !== old, first);
    const renewed = await storedToken(page);

    // 70 minutes after signing in: the first token has ended on the server, the renewed one works,
    // and the person is still on the form with what they typed.
    await serverAhead(70);
    await page.clock.fastForward('00:18:00');
    assert.equal(await answerTo(first), 401);
    assert.equal(await answerTo(renewed), 200);
    await firstName.pressSequentially('a');
    assert.equal(page.url(), `${product.url}/register-customer`);
    assert.equal(await firstName.inputValue(), 'Jane Wa');
    assert.equal(await page.getByText('Your session has expired. Please sign in again.').count(), 0);
    await page.context().close();
  });

  test('a person idle for the hour is signed out, with the reason, and the server refuses the token too', async () => {
    await serverAhead(0);
    const page = await clockedPage();
    await signInAs(page, OFFICER);
    const token = await storedToken(page);
    await serverAhead(61);
    await page.clock.fastForward('01:01:00');
    await page.waitForURL(/\/signin\?session=expired$/);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    assert.equal(await storedToken(page), null);
    assert.equal(await answerTo(token), 401);
    await page.context().close();
  });

  test('a half-typed registration, photo included, comes back after signing in again, and never to another user', async () => {
    const page = await clockedPage();
    await signInAs(page, OFFICER);
    await openMenuItem(page, 'Register Customer', 'Customers');
    await page.waitForURL(`${product.url}/register-customer`);
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await personal.getByLabel('First Name', { exact: true }).fill('Jane');
    await personal.getByLabel('Phone Number', { exact: true }).fill('0712345678');
    await personal
      .getByLabel('National ID Photo', { exact: true })
      .setInputFiles({ name: 'national-id.png', mimeType: 'image/png', buffer: PNG });
    await personal.getByText('national-id.png').waitFor();
    await draftKept(page);

    // Idle for the hour: signed out.
    await serverAhead(61);
    await page.clock.fastForward('01:01:00');
    await page.waitForURL(/\/signin\?session=expired$/);
    // The person comes back later: the device's clock agrees with the server's again.
    await page.clock.setSystemTime(new Date(Date.now() + 61 * 60_000));

    // Another user on the same browser sees nothing of it.
    await signInAs(page, ADMIN);
    await page.waitForURL(`${product.url}/`);
    await page.goto(`${product.url}/register-customer`);
    const theirs = page.getByRole('region', { name: 'Personal Information' });
    await theirs.getByLabel('First Name', { exact: true }).waitFor();
    assert.equal(await theirs.getByLabel('First Name', { exact: true }).inputValue(), '');
    assert.equal(await page.getByText('Your unsaved entries are back').count(), 0);
    assert.equal(await page.getByText('national-id.png').count(), 0);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByText('Sign out', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();

    // The officer signs in again: back on the form, filled, with the notice.
    await signInAs(page, OFFICER);
    await page.waitForURL(`${product.url}/register-customer`);
    await page.getByText('Your unsaved entries are back').waitFor();
    // The notice and the restored form pass axe in both themes.
    for (const theme of ['light', 'dark']) {
      assert.deepEqual(seriousFindings(await runAxe(page)), [], `axe on the restored draft, ${theme}`);
      if (theme === 'light') {
        await page.getByRole('button', { name: 'Toggle theme' }).click();
        await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      }
    }
    const again = page.getByRole('region', { name: 'Personal Information' });
    assert.equal(await again.getByLabel('First Name', { exact: true }).inputValue(), 'Jane');
    assert.equal(await again.getByLabel('Phone Number', { exact: true }).inputValue(), '0712345678');
    await again.getByText('national-id.png').waitFor();
    await page.context().close();
  });
});
