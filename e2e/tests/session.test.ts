// Sessions: ended when idle for the hour, and a half-typed
// registration (a photo included) kept in the browser across the end. The browser's clock is
// moved with page.clock; the server's token expiry follows real time (wallNow, which LENDER_NOW
// does not fix), so the server side of expiry is proven by the API tests (session-renewal.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createStaff, PNG, testOfficer } from '../src/api-setup';
import { openMenuItem } from '../src/browser';
import { ADMIN, apiLogin, type RunningProduct } from '../src/product';
import { productForFile } from '../src/product-for-file';

const OFFICER = testOfficer('Akinyi', 'Odera', 'session');

let product: RunningProduct;
let browser: Browser;

productForFile(async (opened) => {
  ({ product, browser } = opened);
  await createStaff(
    product.url,
    await apiLogin(product.url, ADMIN.email, ADMIN.password),
    OFFICER,
    'officer',
  );
});

/** A fresh browser context whose clock the test moves; it runs on real time until then. */
async function clockedPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
  test('a person idle for the hour is signed out, with the reason', async () => {
    const page = await clockedPage();
    await signInAs(page, OFFICER);
    await page.clock.fastForward('01:01:00');
    await page.waitForURL(/\/signin\?session=expired$/);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    assert.equal(await storedToken(page), null);
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
    await page.clock.fastForward('01:01:00');
    await page.waitForURL(/\/signin\?session=expired$/);
    // The person comes back later: the device's clock agrees with the server's again.
    await page.clock.setSystemTime(new Date());

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
    const again = page.getByRole('region', { name: 'Personal Information' });
    assert.equal(await again.getByLabel('First Name', { exact: true }).inputValue(), 'Jane');
    assert.equal(await again.getByLabel('Phone Number', { exact: true }).inputValue(), '0712345678');
    await again.getByText('national-id.png').waitFor();
    await page.context().close();
  });
});
