// The starting point of the browser tests that move the lender's business clock: the product is
// started at a fixed instant (LENDER_NOW, refused in production mode) and restarted on the same
// data at later ones, as days pass for the loans.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { Browser } from 'playwright-core';
import { createProduct, createStaff, disbursedLoan, registerCustomer, type StaffMember } from './api-setup';
import { launchChromium } from './browser';
import { WEEKLY_PRODUCT } from './office';
import { ADMIN, apiLogin, removeData, startProduct, type RunningProduct } from './product';

export interface ClockedProduct {
  /** Starts the product on the file's data with business time at `instant`, stopping the one running. */
  startAt(instant: string): Promise<RunningProduct>;
  /**
   * Starts the product on the file's data with `env` (test mode), stopping the one running, on the
   * port it had: the open pages go on talking to it (a server whose clock was moved).
   */
  restartWith(env: Record<string, string>): Promise<RunningProduct>;
  /** The file's browser, launched on first use. */
  browser(): Promise<Browser>;
}

/**
 * A test file's product on its own data folder (`name` tags the folder), with its browser: both
 * stopped, and the data removed, after the file's tests.
 */
export function clockedProduct(name: string): ClockedProduct {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lender-e2e-${name}-`));
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  after(async () => {
    await browser?.close();
    await product?.stop();
    await removeData(dataDir);
  });
  return {
    async startAt(instant) {
      await product?.stop();
      product = await startProduct({ LENDER_NOW: instant, NODE_ENV: 'test' }, { dataDir });
      return product;
    },
    async restartWith(env) {
      const port = product ? Number(new URL(product.url).port) : undefined;
      await product?.stop();
      product = await startProduct({ NODE_ENV: 'test', ...env }, { dataDir, ...(port ? { port } : {}) });
      return product;
    },
    async browser() {
      browser ??= await launchChromium();
      return browser;
    },
  };
}

/**
 * An officer, the weekly product and the officer's customer, with a loan of 12,000 disbursed to
 * them today (business time), through the API. Returns the API tokens and the loan's id.
 */
export async function officerWithLoan(
  url: string,
  setup: {
    officer: StaffMember;
    customer: Parameters<typeof registerCustomer>[2];
    /** The deposit's and the disbursement's M-Pesa codes. */
    codes: [string, string];
  },
): Promise<{ admin: string; officer: string; loanId: number }> {
  const admin = await apiLogin(url, ADMIN.email, ADMIN.password);
  await createStaff(url, admin, setup.officer, 'officer');
  const officer = await apiLogin(url, setup.officer.email, setup.officer.password);
  const productId = await createProduct(url, admin, WEEKLY_PRODUCT);
  const customerId = await registerCustomer(url, officer, setup.customer);
  const loanId = await disbursedLoan(
    url,
    { officer, admin },
    { customerId, productId, amount: 12000, imei: '356938035643809', codes: setup.codes },
  );
  return { admin, officer, loanId };
}
