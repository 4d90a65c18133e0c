// The starting point of the loan and repayment browser tests: a running product with an officer,
// a loan product and one of the officer's customers, and both the officer and the admin signed in
// at their own desks (browser contexts).
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createProduct, createStaff, disbursedLoan, registerCustomer, type StaffMember } from './api-setup';
import { launchChromium, signedInPage } from './browser';
import { ADMIN, apiLogin, startProduct, type RunningProduct } from './product';

/** The loan products the browser tests lend on: repaid weekly over four weeks, as most loans are. */
export const PHONE_PLUS = {
  name: 'Phone Plus',
  minAmount: 5000,
  maxAmount: 50000,
  interestRate: 10,
  durationDays: 28,
};
/** 12,000 at 12 % over 4 weeks: 13,440.00 in installments of 3,360.00. */
export const WEEKLY_PRODUCT = {
  name: 'Smart Weekly',
  minAmount: 1000,
  maxAmount: 30000,
  interestRate: 12,
  durationDays: 28,
};

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

/** A loan disbursed to the office's customer on its product, through the API. Returns its id. */
export function officeLoan(
  office: Office,
  loan: Omit<Parameters<typeof disbursedLoan>[2], 'customerId' | 'productId'>,
): Promise<number> {
  return disbursedLoan(office.product.url, office.tokens, {
    customerId: office.customerId,
    productId: office.productId,
    ...loan,
  });
}

/**
 * The office of a test file: opened before its tests, then handed to `ready` (to set up more
 * data), and closed after them. The tests read it from the returned object, filled in before they
 * run.
 */
export function officeForFile(
  setup: Parameters<typeof openOffice>[0],
  ready?: (office: Office) => Promise<unknown> | void,
): Office {
  const fileOffice = {} as Office;
  let opened: Office | undefined;
  before(async () => {
    opened = await openOffice(setup);
    Object.assign(fileOffice, opened);
    await ready?.(opened);
  });
  after(async () => {
    await opened?.close();
  });
  return fileOffice;
}
