import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags this closed network needs (background connections are refused here, many at a time). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long a click or a wait may take before a test fails (Playwright's default is 30 s). */
const ACTION_TIMEOUT_MS = 60_000;

/** Real Chromium, headless, with the flags this closed network needs. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: chromiumFlags });
  // Every page asks for less motion, which the product answers by turning antd's animations off:
  // a click never lands on a dialog or menu still animating into place, however loaded the machine.
  // Waits get a minute instead of Playwright's 30 s: CI machines may be several times slower than
  // this one and share their cores with the API suites (loads of 7.8 on 2 cores seen there).
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  browser.newPage = async (options = {}) => {
    const page = await newPage({ reducedMotion: 'reduce', ...options });
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return page;
  };
  return browser;
}

/** Signs in through the sign-in page, as a person does, and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Who signs in where: the product's address and a staff member's credentials. */
export interface SignInAs {
  baseUrl: string;
  email: string;
  password: string;
}

/** A desktop-sized page of its own browser context (its own session), signed in when `as` is given. */
export async function desktopPage(
  browser: Browser,
  as?: SignInAs,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  if (as) await signIn(page, as.baseUrl, as.email, as.password);
  return { context, page };
}

/** A desktop-sized page of its own browser context (its own session), signed in as `email`. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<Page> {
  return (await desktopPage(browser, { baseUrl, email, password })).page;
}

/** Follows a sidebar item, opening its group first when the group is folded (as a person would). */
export async function openMenuItem(page: Page, item: string, group?: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const link = nav.getByRole('link', { name: item, exact: true });
  // Right after sign-in the menu may still be rendering (the first page renders in a transition):
  // a group opened before it settles can fold again, so the click is checked by where it led.
  await nav.getByRole('menuitem').first().waitFor();
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (group && !(await link.isVisible())) {
        await nav.getByRole('menuitem', { name: group }).first().click();
      }
      const target = await link.getAttribute('href', { timeout: 10_000 });
      await link.click({ timeout: 10_000 });
      await page.waitForURL((url) => target === null || url.pathname === target, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Records a repayment as an officer does: Repay on the customer's row of the loans list, the
 * amount and M-Pesa code in the Repayment dialog, then waits for the success toast.
 */
export async function repayFromLoansList(
  page: Page,
  baseUrl: string,
  customer: string,
  repayment: { amount: string; mpesaCode: string },
): Promise<void> {
  await page.goto(`${baseUrl}/loans`);
  await page.getByRole('button', { name: `Repay ${customer}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Repayment' });
  await dialog.getByLabel('Amount').fill(repayment.amount);
  await dialog.getByLabel('Mpesa Code').fill(repayment.mpesaCode);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Repayment saved successfully!').waitFor();
}

/** page.waitForURL whose failure says where the page is instead (a failed CI run's only clue). */
export async function waitForUrl(page: Page, url: RegExp): Promise<void> {
  try {
    await page.waitForURL(url);
  } catch (error) {
    throw new Error(`The page is at ${page.url()}, not at ${String(url)}`, { cause: error });
  }
}
