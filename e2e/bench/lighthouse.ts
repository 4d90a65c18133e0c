// Lighthouse 12 (its default config: the mobile preset, simulated 150 ms RTT, 1.6 Mbps, 4× CPU
// slowdown) against a Chromium launched here with chrome-launcher: the system Chromium, nothing
// downloaded.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { chromePath, chromiumFlags } from '../src/browser';

/** The end-to-end tests' flags, for the browser Lighthouse drives. */
const chromeFlags = ['--headless', ...chromiumFlags];

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  /** Requests Lighthouse saw during the load (its network-requests audit). */
  requests: number;
  finalUrl: string;
  throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number };
  formFactor: string;
  /** Main-thread time by kind (Lighthouse's mainthread-work-breakdown, observed, not simulated). */
  mainThreadMs: Record<string, number>;
  /** The machine's 1-minute load average when the run started (simulation scales observed CPU time). */
  loadAverage: number;
}

const numeric = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number => {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no ${id}`);
  return value;
};

/**
 * One Lighthouse navigation to `url` in a fresh browser profile. `localStorage` entries (the
 * session) are written first by a page of the same profile on the same origin; Lighthouse's
 * default storage reset (file systems, shader cache, service workers, Cache Storage, and the HTTP
 * cache) leaves localStorage alone, so the run starts signed in and still from a cold cache.
 */
export async function runLighthouse(
  url: string,
  localStorage?: Record<string, string>,
): Promise<LighthouseFigures> {
  const loadAverage = loadavg()[0] ?? 0;
  const chrome = await launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    if (localStorage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      if (!context) throw new Error('The launched Chromium has no default context');
      const page = await context.newPage();
      // A JSON answer of the same origin: the app's own scripts are neither run nor cached.
      await page.goto(new URL('/api/health', url).toString());
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, localStorage);
      await page.close();
      await browser.close(); // over CDP this only disconnects
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse gave no score for ${url}`);
    const requests = lhr.audits['network-requests']?.details;
    const breakdown = lhr.audits['mainthread-work-breakdown']?.details;
    const mainThreadMs: Record<string, number> = {};
    if (breakdown && breakdown.type === 'table') {
      for (const item of breakdown.items) {
        mainThreadMs[String(item.groupLabel ?? item.group)] = Math.round(Number(item.duration));
      }
    }
    const { throttling } = lhr.configSettings;
    return {
      score: Math.round(score * 100),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      speedIndexMs: numeric(lhr, 'speed-index'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      requests: requests && requests.type === 'table' ? requests.items.length : 0,
      finalUrl: lhr.finalDisplayedUrl,
      throttling: {
        rttMs: throttling.rttMs ?? 0,
        throughputKbps: throttling.throughputKbps ?? 0,
        cpuSlowdownMultiplier: throttling.cpuSlowdownMultiplier ?? 0,
      },
      formFactor: lhr.configSettings.formFactor,
      mainThreadMs,
      loadAverage,
    };
  } finally {
    chrome.kill();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** `runs` runs; each figure is the median of its own values (so a figure can come from any run). */
export async function medianLighthouse(
  url: string,
  runs: number,
  localStorage?: Record<string, string>,
): Promise<{ median: LighthouseFigures; runs: LighthouseFigures[] }> {
  const all: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    const figures = await runLighthouse(url, localStorage);
    const expected = new URL(url).pathname;
    if (new URL(figures.finalUrl).pathname !== expected) {
      throw new Error(`Lighthouse ended on ${figures.finalUrl}, not ${url} (was the session accepted?)`);
    }
    all.push(figures);
    console.log(
      `  Lighthouse run ${run + 1}/${runs} ${expected}: score ${figures.score}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms (load average ${figures.loadAverage.toFixed(2)}); main thread ${Object.entries(
        figures.mainThreadMs,
      )
        .map(([kind, time]) => `${kind} ${time} ms`)
        .join(', ')}`,
    );
  }
  const first = all[0];
  if (!first) throw new Error('no Lighthouse run');
  const pick = (get: (f: LighthouseFigures) => number) => median(all.map(get));
  return {
    median: {
      ...first,
      score: pick((f) => f.score),
      lcpMs: pick((f) => f.lcpMs),
      tbtMs: pick((f) => f.tbtMs),
      fcpMs: pick((f) => f.fcpMs),
      speedIndexMs: pick((f) => f.speedIndexMs),
      cls: pick((f) => f.cls),
      requests: pick((f) => f.requests),
      loadAverage: pick((f) => f.loadAverage),
    },
    runs: all,
  };
}
