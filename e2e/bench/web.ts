// The frontend half of `npm run bench`: page weight, requests and Lighthouse 12 mobile figures of
// the production build, as `npm start` serves it, in the system Chromium. Prints figures next to
// the targets of issue 9; it asserts nothing.
//
//   node scripts/pnpm.mjs --filter ./e2e bench:web [-- --smoke] [-- --json <path>] [-- --no-build]
//
// --smoke     one Lighthouse run per page and one remote visit (for CI)
// --json P    also writes every figure as JSON to P (docs/performance.md is made from it)
// --no-build  serves what is built (api/dist/server.js) instead of `npm start`, which first
//             rebuilds any package whose sources are newer than its build
// --runs N    Lighthouse runs per page (default 3; the median of each figure is printed)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { launchChromium } from '../src/browser';
import { ADMIN, repoRoot, startProduct } from '../src/product';
import { gzipSync } from 'node:zlib';
import { medianLighthouse, type LighthouseFigures } from './lighthouse';
import {
  apiSession,
  fetchOnce,
  measureColdLoad,
  measureRemoteVisit,
  measureSignin,
  SIGNIN_INTERACTIVE_DEFINITION,
  sum,
  type Asset,
  type RemoteVisitFigures,
} from './network';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const smoke = args.includes('--smoke');
const noBuild = args.includes('--no-build');
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const jsonPath = option('--json');
const runs = Number(option('--runs') ?? (smoke ? 1 : 3));

/** Each remote's main page (shared/src/contract/routes.ts); mf-admin's needs an admin. */
const REMOTE_PAGES = [
  { remote: 'mf-customers', route: '/customers' },
  { remote: 'mf-loans', route: '/loans' },
  { remote: 'mf-repayments', route: '/repayments' },
  { remote: 'mf-admin', route: '/all-users' },
];

interface Row {
  figure: string;
  value: number | string;
  unit: string;
  target: string;
  met: boolean | null;
}
const rows: Row[] = [];
const row = (figure: string, value: number | string, unit: string, target = '', met: boolean | null = null) =>
  rows.push({ figure, value, unit, target, met });

const KB = 1024;
const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;
const ms = (value: number) => Math.round(value);
const packageVersion = (name: string) =>
  (
    JSON.parse(readFileSync(path.join(repoRoot, 'e2e/node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** The row of what `assets` weigh gzipped, against a budget of `budgetKb` KB. */
function gzippedRow(figure: string, assets: Asset[], budgetKb: number) {
  const gzip = sum(assets, 'gzip');
  row(figure, kb(gzip), 'KB', `≤ ${budgetKb} KB`, gzip <= budgetKb * KB);
}

function listAssets(label: string, assets: Asset[]) {
  console.log(
    `\n${label}: ${kb(sum(assets, 'gzip'))} KB gzipped (${kb(sum(assets, 'raw'))} KB raw) in ${assets.length} files`,
  );
  for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
    console.log(`  ${`${kb(a.gzip).toFixed(1)} KB`.padStart(10)}  ${new URL(a.url).pathname}`);
  }
}

function lighthouseRows(page: string, figures: LighthouseFigures, tbtTarget: number, lcpTarget?: number) {
  row(`${page} Lighthouse mobile score`, figures.score, '', '≥ 95', figures.score >= 95);
  row(
    `${page} LCP`,
    ms(figures.lcpMs),
    'ms',
    lcpTarget ? `≤ ${lcpTarget} ms` : '',
    lcpTarget ? figures.lcpMs <= lcpTarget : null,
  );
  row(`${page} TBT`, ms(figures.tbtMs), 'ms', `≤ ${tbtTarget} ms`, figures.tbtMs <= tbtTarget);
  row(`${page} FCP`, ms(figures.fcpMs), 'ms');
}

const loadStart = loadavg();
console.log(
  `Frontend bench${smoke ? ' (smoke)' : ''}: load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs`,
);
const product = await startProduct({}, { serveBuiltOnly: noBuild });
const browser = await launchChromium();
const result: Record<string, unknown> = {
  date: new Date().toISOString(),
  smoke,
  lighthouseRuns: runs,
  cpus: cpus().length,
  chromium: browser.version(),
  lighthouse: packageVersion('lighthouse'),
  served: noBuild ? 'node api/dist/server.js (the build as it is)' : 'npm start',
};
try {
  // /signin
  const signin = await measureSignin(browser, product.url);
  listAssets('/signin HTML+JS+CSS', signin.assets);
  console.log(`\n/signin: ${signin.interactiveRequests} ${SIGNIN_INTERACTIVE_DEFINITION}`);
  console.log(`  form interactive at ${ms(signin.interactiveAtMs)} ms (unthrottled) after:`);
  for (const url of signin.interactiveUrls) console.log(`    ${new URL(url).pathname}`);
  gzippedRow('/signin HTML+JS+CSS gzipped', signin.assets, 150);
  row(
    '/signin requests before the form is interactive',
    signin.interactiveRequests,
    '',
    '≤ 6',
    signin.interactiveRequests <= 6,
  );
  row('/signin requests until network idle', signin.requests, '');
  console.log(`\nLighthouse (${runs} run${runs > 1 ? 's' : ''} a page):`);
  const signinLighthouse = await medianLighthouse(`${product.url}/signin`, runs);
  lighthouseRows('/signin', signinLighthouse.median, 150, 1500);

  // / after sign-in, cold cache
  const session = await apiSession(product.url, ADMIN);
  const dashboard = await measureColdLoad(browser, product.url, '/', session);
  if (new URL(dashboard.finalUrl).pathname !== '/') throw new Error(`/ ended on ${dashboard.finalUrl}`);
  listAssets('/ after sign-in (cold cache) HTML+JS+CSS', dashboard.assets);
  gzippedRow('/ HTML+JS+CSS gzipped (cold cache)', dashboard.assets, 300);
  row('/ requests until network idle', dashboard.requests, '');
  // The trends under the dashboard's cards and their chart library load once the section is in
  // view after the first render (a 1366 × 900 window shows it): counted here, apart from the first load.
  listAssets('/ deferred after the first render (dashboard trends) JS+CSS', dashboard.deferred);
  row('/ deferred after the first render gzipped', kb(sum(dashboard.deferred, 'gzip')), 'KB');
  const dashboardLighthouse = await medianLighthouse(`${product.url}/`, runs, session);
  lighthouseRows('/', dashboardLighthouse.median, 200);

  // Each remote's remoteEntry.js
  const remoteEntries: { remote: string; raw: number; gzip: number; runtimeCopy: boolean }[] = [];
  for (const { remote } of REMOTE_PAGES) {
    const response = await fetchOnce(`${product.url}/remotes/${remote}/remoteEntry.js`);
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${remote}/remoteEntry.js: ${response.status}`);
    // The federation runtime's error codes (RUNTIME-001…) travel with every copy of it.
    const runtimeCopy = /RUNTIME-00\d/.test(body.toString('utf8'));
    const entry = { remote, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, runtimeCopy };
    remoteEntries.push(entry);
    row(
      `${remote} remoteEntry.js gzipped (runtime copy: ${runtimeCopy ? 'yes' : 'no'})`,
      kb(entry.gzip),
      'KB',
      'no runtime copy, a few KB',
      !runtimeCopy,
    );
  }

  // Each remote's main page, visited after the shell is up at /
  const visits: RemoteVisitFigures[] = [];
  for (const { remote, route } of smoke ? REMOTE_PAGES.slice(0, 1) : REMOTE_PAGES) {
    const visit = await measureRemoteVisit(browser, product.url, route, remote, session);
    if (new URL(visit.finalUrl).pathname !== route) throw new Error(`${route} ended on ${visit.finalUrl}`);
    visits.push(visit);
    listAssets(`${route} (${remote}) after / — JS+CSS it adds`, visit.assets);
    console.log(
      `  remoteEntry fetched before: ${visit.entryBefore ? 'yes' : 'no'}, manifest before: ${visit.manifestBefore ? 'yes' : 'no'}; ` +
        `federation files in the visit: ${visit.federationFetched.join(', ') || 'none'}`,
    );
    visit.levels.forEach((level, index) => console.log(`  round trip ${index + 1}: ${level.join(', ')}`));
    console.log(`  deepest JS/CSS chain (${visit.codeDepth}): ${visit.codeChain.join(' → ')}`);
    console.log(`  deepest chain (${visit.fullDepth}): ${visit.chain.join(' → ')}`);
    row(`${route} (${remote}) KB added`, kb(sum(visit.assets, 'gzip')), 'KB');
    row(`${route} (${remote}) requests`, visit.requests, '');
    row(
      `${route} (${remote}) round trips beyond its chunks`,
      visit.roundTripsBeyondChunks,
      '',
      '≤ 1',
      visit.roundTripsBeyondChunks <= 1,
    );
    row(`${route} (${remote}) waterfall depth JS+CSS / all`, `${visit.codeDepth} / ${visit.fullDepth}`, '');
  }

  const loadEnd = loadavg();
  row('load average (1, 5, 15 min) at the end', loadEnd.map((l) => l.toFixed(2)).join(' '), '');
  Object.assign(result, {
    loadavg: { start: loadStart, end: loadEnd },
    signin: {
      gzipKB: kb(sum(signin.assets, 'gzip')),
      rawKB: kb(sum(signin.assets, 'raw')),
      files: signin.assets.map((a) => ({ path: new URL(a.url).pathname, gzip: a.gzip, raw: a.raw })),
      requestsBeforeInteractive: signin.interactiveRequests,
      requestsBeforeInteractiveDefinition: SIGNIN_INTERACTIVE_DEFINITION,
      requestsBeforeInteractiveUrls: signin.interactiveUrls.map((url) => new URL(url).pathname),
      requestsUntilIdle: signin.requests,
      lighthouse: signinLighthouse,
    },
    dashboard: {
      gzipKB: kb(sum(dashboard.assets, 'gzip')),
      rawKB: kb(sum(dashboard.assets, 'raw')),
      files: dashboard.assets.map((a) => ({ path: new URL(a.url).pathname, gzip: a.gzip, raw: a.raw })),
      requestsUntilIdle: dashboard.requests,
      deferredGzipKB: kb(sum(dashboard.deferred, 'gzip')),
      deferredFiles: dashboard.deferred.map((a) => ({
        path: new URL(a.url).pathname,
        gzip: a.gzip,
        raw: a.raw,
      })),
      lighthouse: dashboardLighthouse,
    },
    remoteEntries: remoteEntries.map((e) => ({ ...e, gzipKB: kb(e.gzip) })),
    remoteVisits: visits.map(({ assets, ...visit }) => ({
      ...visit,
      gzipKB: kb(sum(assets, 'gzip')),
      files: assets.map((a) => ({ path: new URL(a.url).pathname, gzip: a.gzip })),
    })),
    rows,
  });
} finally {
  await browser.close();
  await product.stop();
}

const throttling = (result.signin as { lighthouse: { median: LighthouseFigures } }).lighthouse.median
  .throttling;
console.log(
  `\nFrontend figures — Chromium ${String(result.chromium)}, Lighthouse ${String(result.lighthouse)} ` +
    `(${(result.signin as { lighthouse: { median: LighthouseFigures } }).lighthouse.median.formFactor}, simulated ` +
    `${throttling.rttMs} ms RTT, ${(throttling.throughputKbps / 1024).toFixed(1)} Mbps, ${throttling.cpuSlowdownMultiplier}× CPU; ` +
    `median of ${runs}), served by ${String(result.served)}`,
);
const width = Math.max(...rows.map((r) => r.figure.length));
for (const r of rows) {
  const value = `${r.value}${r.unit ? ` ${r.unit}` : ''}`;
  const verdict = r.met === null ? '' : r.met ? 'met' : 'MISSED';
  console.log(`${r.figure.padEnd(width)}  ${value.padStart(12)}  ${r.target.padEnd(22)} ${verdict}`);
}
if (jsonPath) {
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), jsonPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nFigures written to ${file}`);
}
