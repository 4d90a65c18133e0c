import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { desktopPage, openMenuItem, signIn } from '../src/browser';
import { createStaff } from '../src/api-setup';
import { ADMIN, apiLogin, type RunningProduct } from '../src/product';
import { productForFile } from '../src/product-for-file';

const OFFICER = { email: 'wanjiku.officer@e2e.test', password: 'Officer-pass-2026' };

let product: RunningProduct;
let browser: Browser;

productForFile((opened) => {
  ({ product, browser } = opened);
});

/** A page of its own session, signed in as `staff` when given. */
const freshPage = (staff?: { email: string; password: string }) =>
  desktopPage(browser, staff && { baseUrl: product.url, ...staff });

describe('sign-in', () => {
  test('shows the specified texts and the server message in bold red above the button', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${product.url}/`);
    await page.waitForURL(`${product.url}/signin`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText('Enter your email and password to sign in!').waitFor();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByText('Invalid email or password');
    await error.waitFor();
    const style = await error.evaluate((el) => {
      const s = getComputedStyle(el);
      return { weight: Number(s.fontWeight), color: s.color };
    });
    assert.ok(style.weight >= 600, `error text is bold (font-weight ${style.weight})`);
    const [r, g, b] = style.color.match(/\d+/g)!.map(Number);
    assert.ok(r! > 150 && g! < 100 && b! < 100, `error text is red (${style.color})`);
    const errorBox = await error.boundingBox();
    const buttonBox = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
    assert.ok(errorBox && buttonBox && errorBox.y < buttonBox.y, 'error sits above the button');
    await context.close();
  });
});

describe('users', () => {
  test('an admin creates an officer, who signs in without the Users group or the users remote', async () => {
    const admin = await freshPage(ADMIN);
    await openMenuItem(admin.page, 'Add User', 'Users');
    await admin.page.waitForURL(`${product.url}/signup`);
    await admin.page.getByLabel('First Name').fill('Wanjiku');
    await admin.page.getByLabel('Last Name').fill('Kamau');
    await admin.page.getByLabel('Email').fill(OFFICER.email);
    await admin.page.getByLabel('Role').click();
    await admin.page.getByRole('option', { name: 'Officer' }).click();
    await admin.page.getByLabel('Password', { exact: true }).fill(OFFICER.password);
    await admin.page.getByRole('button', { name: 'Submit' }).click();
    await admin.page.getByText('User created successfully').waitFor();
    await admin.page.waitForURL(`${product.url}/all-users`);
    await admin.page.getByRole('cell', { name: OFFICER.email }).waitFor();
    await admin.context.close();

    const officer = await freshPage();
    const adminRemoteRequests: string[] = [];
    officer.page.on('request', (request) => {
      if (request.url().includes('/remotes/mf-admin/')) adminRemoteRequests.push(request.url());
    });
    await signIn(officer.page, product.url, OFFICER.email, OFFICER.password);
    const menu = officer.page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('menuitem', { name: 'Loans' }).waitFor();
    assert.equal(await menu.getByRole('menuitem', { name: 'Users' }).count(), 0, 'no Users group');
    assert.equal(await officer.page.getByRole('link', { name: 'All Users' }).count(), 0);
    assert.equal(await officer.page.getByRole('link', { name: 'Add User' }).count(), 0);
    // Add Product is refused to officers by the server, so the menu does not offer it.
    await menu.getByRole('menuitem', { name: 'Loan Products' }).click();
    await menu.getByRole('link', { name: 'All Products', exact: true }).waitFor();
    assert.equal(await menu.getByRole('link', { name: 'Add Product' }).count(), 0, 'no Add Product');
    await officer.page.goto(`${product.url}/all-users`);
    await officer.page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await officer.page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await officer.page.goto(`${product.url}/add-product`);
    await officer.page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await officer.page.goto(`${product.url}/customers`);
    await officer.page.waitForLoadState('networkidle');
    assert.deepEqual(adminRemoteRequests, [], 'an officer requests nothing of mf-admin');
    await officer.context.close();
  });
});

describe('shell', () => {
  test('the theme persists across a reload', async () => {
    const { context, page } = await freshPage(ADMIN);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    assert.equal(await isDark(), false, 'light by default');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    assert.equal(await isDark(), true);
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor();
    assert.equal(await isDark(), true, 'still dark after reload');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await context.close();
  });

  test('an unknown path shows the not-found page', async () => {
    const { context, page } = await freshPage(ADMIN);
    await page.goto(`${product.url}/no-such-page`);
    await page.getByRole('heading', { name: 'ERROR' }).waitFor();
    await page.getByText('We can’t seem to find the page you are looking for!').waitFor();
    await page.getByRole('link', { name: 'Back to Home Page' }).click();
    await page.waitForURL(`${product.url}/`);
    await context.close();
  });

  test('sign out ends the session on the server: the token it held answers 401 from then on', async () => {
    const { context, page } = await freshPage(ADMIN);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const customers = () =>
      fetch(`${product.url}/api/customers`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await customers()).status, 200);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByText('Sign out', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    const refused = await customers();
    assert.equal(refused.status, 401);
    assert.equal(
      ((await refused.json()) as { message: string }).message,
      'You have been signed out. Please sign in again.',
    );
    await context.close();
  });

  test('an expired session returns to /signin, says why and clears the stored session', async () => {
    const { context, page } = await freshPage(ADMIN);
    // The session runs out while the tab is closed: set before the next page's scripts run, so that
    // no request of the page left behind can notice the expiry first.
    await context.addInitScript(() => {
      if (location.pathname === '/loans')
        localStorage.setItem('access_token_expiry', String(Date.now() - 1000));
    });
    await page.goto(`${product.url}/loans`);
    await page.waitForURL(`${product.url}/signin?session=expired`);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    // The app's /signin route hands over to the static sign-in page with a full load: read the
    // storage once that page is there, not in the document it replaces.
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('load');
    const stored = await page.evaluate(() => [
      localStorage.getItem('user'),
      localStorage.getItem('access_token'),
      localStorage.getItem('access_token_expiry'),
    ]);
    assert.deepEqual(stored, [null, null, null]);
    await context.close();
  });

  test('a stopped remote shows a retry message while the rest keeps working', async () => {
    const { context, page } = await freshPage();
    // The customers remote is down: every request for its files fails at the network.
    await page.route('**/remotes/mf-customers/**', (route) => route.abort('connectionrefused'));
    await signIn(page, product.url, ADMIN.email, ADMIN.password);
    await openMenuItem(page, 'All Customers', 'Customers');
    await page.getByText('The customers section could not be loaded.').waitFor();
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    // The dashboard (another remote) and the shell still work.
    await openMenuItem(page, 'Dashboard');
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.equal(await page.getByText('could not be loaded').count(), 0, 'the dashboard loads');
    // The remote comes back: Retry loads it.
    await page.unroute('**/remotes/mf-customers/**');
    await openMenuItem(page, 'All Customers', 'Customers');
    await page.getByText('The customers section could not be loaded.').waitFor();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('The customers section could not be loaded.').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();
    await context.close();
  });
});

describe('managing users', () => {
  test('an admin resets an officer’s password, the officer must choose a new one, then is deactivated and signed out at once', async () => {
    const staff = {
      firstName: 'Otieno',
      lastName: 'Mwangi',
      email: 'otieno.reset@e2e.test',
      password: 'Otieno-pass-2026',
    };
    await createStaff(
      product.url,
      await apiLogin(product.url, ADMIN.email, ADMIN.password),
      staff,
      'officer',
    );
    const name = `${staff.firstName} ${staff.lastName}`;

    const admin = await freshPage(ADMIN);
    await admin.page.goto(`${product.url}/all-users`);
    await admin.page.getByRole('button', { name: `Reset password for ${name}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Reset password for ${name}` });
    await dialog.getByLabel('Temporary password').fill('Temporary-2026');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await admin.page
      .getByText('Password reset. The user must change it at their next sign-in.')
      .first()
      .waitFor();

    const officer = await freshPage();
    await officer.page.goto(`${product.url}/signin`);
    await officer.page.getByLabel('Email').fill(staff.email);
    await officer.page.getByLabel('Password', { exact: true }).fill('Temporary-2026');
    await officer.page.getByRole('button', { name: 'Sign in' }).click();
    await officer.page.waitForURL(`${product.url}/change-password`);
    await officer.page.getByText('Change your temporary password to continue.').waitFor();
    await officer.page.getByLabel('Current password').fill('Temporary-2026');
    await officer.page.getByLabel('New password', { exact: true }).fill('Otieno-own-2026');
    await officer.page.getByLabel('Confirm new password').fill('Otieno-own-2026');
    await officer.page.getByRole('button', { name: 'Change password' }).click();
    await officer.page.waitForURL(`${product.url}/`);
    await officer.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .waitFor();

    await admin.page.reload();
    await admin.page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await admin.page.getByText('User deactivated. Their sessions have ended.').first().waitFor();

    // The officer's next request is refused and the browser goes back to sign-in.
    await officer.page.goto(`${product.url}/customers`);
    await officer.page.waitForURL(`${product.url}/signin**`);
    await admin.context.close();
    await officer.context.close();
  });
});
