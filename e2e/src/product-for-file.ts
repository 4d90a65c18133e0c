// The starting point of the browser tests that make their own staff and data: a running product
// and a Chromium, shared by the tests of one file.
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { startProduct, type RunningProduct } from './product';

export interface ProductFile {
  product: RunningProduct;
  browser: Browser;
}

/**
 * The product and browser of a test file: started before its tests, then handed to `ready` (to
 * keep them, to set up data), and stopped after them.
 */
export function productForFile(ready: (file: ProductFile) => Promise<void> | void): void {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  before(async () => {
    product = await startProduct();
    browser = await launchChromium();
    await ready({ product, browser });
  });
  after(async () => {
    await browser?.close();
    await product?.stop();
  });
}
