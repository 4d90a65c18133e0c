// A remote deployed and rolled back on its own while the product runs (issue 12): the shell's
// files and the other remotes stay byte-identical, an open session picks the new version up on
// reload, and a remote built for another contract major is not mounted.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openMenuItem, signedInPage } from '../src/browser';
import { createProduct } from '../src/api-setup';
import { ADMIN, apiLogin, repoRoot, startProduct, type RunningProduct } from '../src/product';

const work = mkdtempSync(path.join(tmpdir(), 'lender-deploy-e2e-'));
const deployDir = path.join(work, 'deploy');
let product: RunningProduct;
let browser: Browser;
let page: Page;

before(async () => {
  product = await startProduct({ DEPLOY_DIR: deployDir });
  const admin = await apiLogin(product.url, ADMIN.email, ADMIN.password);
  // A product, so the products list shows its table (and the column title the test changes).
  await createProduct(product.url, admin, {
    name: 'Tecno Spark 20',
    minAmount: 5000,
    maxAmount: 30000,
    interestRate: 10,
    durationDays: 90,
  });
  browser = await launchChromium();
  page = await signedInPage(browser, product.url, ADMIN.email, ADMIN.password);
});

after(async () => {
  await browser?.close();
  await product?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** sha256 of every file the shell and the other remotes serve: what a deploy must not touch. */
function servedFiles(): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const app of ['shell', 'mf-customers', 'mf-loans', 'mf-admin', 'mf-repayments']) {
    const dist = path.join(repoRoot, app, 'dist');
    for (const file of readdirSync(dist, { recursive: true }).map(String)) {
      try {
        hashes[`${app}/${file}`] = createHash('sha256')
          .update(readFileSync(path.join(dist, file)))
          .digest('hex');
      } catch {
        /* a folder */
      }
    }
  }
  return hashes;
}

/** A copy of mf-repayments as its team changed it, built with this checkout's dependencies. */
function changedRemote(name: string, change: (dir: string) => void): string {
  const dir = path.join(work, name);
  cpSync(path.join(repoRoot, 'mf-repayments'), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
  });
  symlinkSync(path.join(repoRoot, 'mf-repayments', 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  change(dir);
  return dir;
}

const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${file} has "${from}"`);
  writeFileSync(file, text.replace(from, to));
};

/** `npm run <script> -- <args>` as a person types it; resolves with what it printed. */
function run(
  script: 'deploy' | 'rollback',
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DEPLOY_DIR: deployDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} failed:\n${output}`)),
    );
  });
}

const menu = () => page.getByRole('navigation', { name: 'Main menu' });

describe('deploying one remote', () => {
  test('a changed mf-repayments goes live without touching anything else, and rolls back', async () => {
    const before = servedFiles();
    const insights = changedRemote('with-insights', (dir) => {
      // A new page with its menu item, and a changed column title on an existing page.
      writeFileSync(
        path.join(dir, 'src/features/insights-page.tsx'),
        `export default function InsightsPage() {\n  return <h1>Repayment Insights</h1>;\n}\n`,
      );
      // The page is one entry of the remote's page declarations (route, menu item, chunk).
      edit(
        path.join(dir, 'src/page-declarations.ts'),
        '] as const satisfies',
        `  {\n    path: '/repayment-insights',\n    title: 'Repayment Insights',\n    menu: { group: reports, label: 'Repayment Insights', order: 40 },\n    load: () => import('./features/insights-page'),\n  },\n] as const satisfies`,
      );
      edit(
        path.join(dir, 'src/features/products/components/loan-products-page.tsx'),
        "{ title: 'Description',",
        "{ title: 'Product Details',",
      );
    });

    // The session is open on a page of the remote before the deploy.
    await openMenuItem(page, 'All Products', 'Loan Products');
    await page.getByRole('columnheader', { name: 'Description' }).waitFor();

    const deployed = await run('deploy', ['mf-repayments', '--from', insights, '--server', product.url]);
    assert.match(deployed, /✔ mf_repayments \S+ is live: \/deployed\/mf-repayments\/\S+\/mf-manifest\.json/);

    await page.reload();
    await page.getByRole('columnheader', { name: 'Product Details' }).waitFor();
    await openMenuItem(page, 'Repayment Insights', 'Reports');
    await page.getByRole('heading', { name: 'Repayment Insights' }).waitFor();
    assert.equal(await page.title(), 'Repayment Insights · Simu Credit');
    // The rest of the product runs on as it was.
    await openMenuItem(page, 'All Customers', 'Customers');
    await page.getByRole('heading', { name: 'All Customers' }).waitFor();
    assert.deepEqual(servedFiles(), before, "the shell's and the other remotes' files are byte-identical");

    const rolledBack = await run('rollback', ['mf-repayments']);
    assert.match(rolledBack, /✔ mf_repayments rolled back from \S+ to this checkout's build/);
    await page.goto(`${product.url}/loan-products`);
    await page.getByRole('columnheader', { name: 'Description' }).waitFor();
    assert.equal(await menu().getByRole('link', { name: 'Repayment Insights' }).count(), 0);
    await menu().getByRole('menuitem', { name: 'Reports' }).click();
    await menu().getByRole('link', { name: 'Loan Reports' }).waitFor();
    assert.equal(
      await menu().getByRole('link', { name: 'Repayment Insights' }).count(),
      0,
      'the new item is gone',
    );
    await page.goto(`${product.url}/repayment-insights`);
    await page.getByText('We can’t seem to find the page you are looking for!').waitFor();
    assert.deepEqual(servedFiles(), before);
  });

  test('a remote built for another contract major is refused by the deploy, and not mounted if forced', async () => {
    const skewed = changedRemote('next-major', () => undefined);
    const env = { LENDER_CONTRACT_VERSION: '2.0.0' };
    await assert.rejects(
      run('deploy', ['mf-repayments', '--from', skewed, '--server', product.url], env),
      /built for API contract 2\.0\.0; the product speaks 1\.\d+\.\d+/,
    );

    // Forced through (as a careless pipeline would), the shell still does not mount it.
    await run('deploy', ['mf-repayments', '--from', skewed, '--server', product.url, '--force'], env);
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${product.url}/pending-repayments`);
    await page.getByText('The repayments section could not be loaded.').waitFor();
    assert.ok(
      consoleErrors.some((text) =>
        /mf_repayments is built for API contract 2\.0\.0, the server speaks 1\./.test(text),
      ),
      consoleErrors.join('\n'),
    );
    assert.deepEqual(
      requested.filter((url) => url.includes('/deployed/mf-repayments/')),
      [],
      'nothing of the refused remote is fetched',
    );
    // Every other area still works.
    await openMenuItem(page, 'Dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await openMenuItem(page, 'Active Loans', 'Loans');
    await page.getByRole('heading', { name: 'Active Loans' }).waitFor();
    await openMenuItem(page, 'All Users', 'Users');
    await page.getByRole('heading', { name: 'All Users' }).waitFor();

    await run('rollback', ['mf-repayments']);
    await page.goto(`${product.url}/pending-repayments`);
    await page.getByRole('heading', { name: 'Pending Repayments' }).waitFor();
  });
});
