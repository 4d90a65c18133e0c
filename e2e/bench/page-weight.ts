// Page weight: gzipped JS+CSS the browser loads for /signin and for / after sign-in, measured in
// real Chromium against the production build. Prints figures; it asserts nothing.
// Run: pnpm bench (from the repo root) — builds nothing, so run `npm run build` first.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium, signIn } from '../src/browser';
import { ADMIN, startProduct } from '../src/product';

interface Loaded {
  url: string;
  raw: number;
  gzip: number;
}

/** Starts recording; the returned function waits for every body and gives the list. */
function recordAssets(page: Page): () => Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }))
        .catch(() => null), // redirects have no body
    );
  });
  return async () => (await Promise.all(pending)).filter((entry): entry is Loaded => entry !== null);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function report(label: string, assets: Loaded[], budget: number) {
  const gzip = assets.reduce((sum, a) => sum + a.gzip, 0);
  const raw = assets.reduce((sum, a) => sum + a.raw, 0);
  console.log(
    `\n${label}: ${kb(gzip)} gzipped (${kb(raw)} raw) in ${assets.length} files — target ≤ ${kb(budget)}`,
  );
  for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
    console.log(`  ${kb(a.gzip).padStart(10)}  ${new URL(a.url).pathname}`);
  }
}

const product = await startProduct();
const browser = await launchChromium();
try {
  const signInContext = await browser.newContext();
  const signInPage = await signInContext.newPage();
  const signInAssets = recordAssets(signInPage);
  await signInPage.goto(`${product.url}/signin`, { waitUntil: 'networkidle' });
  report('/signin', await signInAssets(), 150 * 1024);

  const appContext = await browser.newContext();
  const appPage = await appContext.newPage();
  await signIn(appPage, product.url, ADMIN.email, ADMIN.password);
  const dashboardAssets = recordAssets(appPage);
  await appPage.reload({ waitUntil: 'networkidle' });
  report('/ after sign-in (reload, cold cache)', await dashboardAssets(), 350 * 1024);
} finally {
  await browser.close();
  await product.stop();
}
