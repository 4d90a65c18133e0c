// The starting point of the loan and repayment browser tests: a running product with an officer,
// a loan product and one of the officer's customers, and both the officer and the admin signed in
// at their own desks (browser contexts).
import type { Browser, Page } from 'playwright-core';
import { createProduct, createStaff, registerCustomer, type StaffMember } from './api-setup';
import { launchChromium, signedInPage } from './browser';
import { ADMIN, apiLogin, startProduct, type RunningProduct } from './product';

export interface Office {
  product: RunningProduct;
  browser: Browser;
  officerPage: Page;
  adminPage: Page;
  /** API tokens, for setting up more data; never for what a test asserts. */
  tokens: { officer: string; admin: string };
  productId: number;
  customerId: number;
  close: () => Promise<void>;
}

export async function openOffice(setup: {
  officer: StaffMember;
  loanProduct: Parameters<typeof createProduct>[2];
  customer: Parameters<typeof registerCustomer>[2];
  /** Server environment besides the defaults (e.g. MPESA_CALLBACK_SECRET). */
  env?: Record<string, string>;
}): Promise<Office> {
  const product = await startProduct(setup.env);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const admin = await apiLogin(product.url, ADMIN.email, ADMIN.password);
    await createStaff(product.url, admin, setup.officer, 'officer');
    const officer = await apiLogin(product.url, setup.officer.email, setup.officer.password);
    const productId = await createProduct(product.url, admin, setup.loanProduct);
    const customerId = await registerCustomer(product.url, officer, setup.customer);
    const officerPage = await signedInPage(browser, product.url, setup.officer.email, setup.officer.password);
    const adminPage = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password);
    const opened = browser;
    return {
      product,
      browser: opened,
      officerPage,
      adminPage,
      tokens: { officer, admin },
      productId,
      customerId,
      close: async () => {
        await opened.close();
        await product.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await product.stop();
    throw error;
  }
}
