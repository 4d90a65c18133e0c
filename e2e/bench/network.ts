// What the browser fetches, measured in real Chromium (no throttling: these figures are counts and
// bytes, which throttling does not change).
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export interface Asset {
  url: string;
  raw: number;
  gzip: number;
}

/**
 * Starts recording JS, CSS and the HTML document (which may carry inline CSS and JS); the
 * returned function waits for every body and gives the list.
 */
export function recordAssets(page: Page): () => Promise<Asset[]> {
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
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
  return async () => (await Promise.all(pending)).filter((entry): entry is Asset => entry !== null);
}

export const sum = (assets: Asset[], key: 'raw' | 'gzip') => assets.reduce((total, a) => total + a[key], 0);

export const SIGNIN_INTERACTIVE_DEFINITION =
  'requests started (the document included) before the sign-in form is interactive: its first ' +
  'field is visible, enabled and editable, its submit button is enabled, and a click or submit ' +
  'listener that reaches the button is attached (React attaches its listeners to the root it renders ' +
  'into; a plain script to the form). Counted from Resource Timing, in the page clock.';

/**
 * Runs in the page before any of its scripts: notes (performance.now()) when the sign-in form
 * becomes interactive, as SIGNIN_INTERACTIVE_DEFINITION says.
 */
function watchFormInteractive(): void {
  const state = window as unknown as { __benchInteractiveAt?: number };
  const targets: EventTarget[] = [];
  const addEventListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (
    this: EventTarget,
    ...args: Parameters<EventTarget['addEventListener']>
  ) {
    if (args[0] === 'click' || args[0] === 'submit') targets.push(this);
    return addEventListener.apply(this, args);
  };
  const check = () => {
    if (state.__benchInteractiveAt !== undefined) return;
    const form = document.querySelector('form');
    const field = form?.querySelector<HTMLInputElement>('input:not([type=hidden])');
    const button = form?.querySelector<HTMLButtonElement>('button[type=submit], button:not([type])');
    // :disabled also covers a disabled fieldset around them.
    if (!field || !button || field.matches(':disabled') || field.readOnly || button.matches(':disabled'))
      return;
    if (field.getClientRects().length === 0) return;
    const listened = targets.some(
      (target) =>
        target === window || target === document || (target instanceof Node && target.contains(button)),
    );
    if (listened) state.__benchInteractiveAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const tick = () => {
    check();
    if (state.__benchInteractiveAt === undefined) setTimeout(tick, 5);
  };
  tick();
}

export interface SigninFigures {
  assets: Asset[];
  /** Every request until the network is idle (document included). */
  requests: number;
  interactiveRequests: number;
  interactiveUrls: string[];
  interactiveAtMs: number;
}

export async function measureSignin(browser: Browser, baseUrl: string): Promise<SigninFigures> {
  return inFreshPage(browser, {}, async (page) => {
    // tsx (esbuild, keepNames) wraps named functions in __name(), which the page does not have.
    await page.addInitScript({ content: `var __name = (f) => f; (${watchFormInteractive.toString()})();` });
    let requests = 0;
    page.on('request', () => (requests += 1));
    const assets = recordAssets(page);
    await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle' });
    await page.waitForFunction(
      () => (window as { __benchInteractiveAt?: number }).__benchInteractiveAt !== undefined,
      null,
      {
        timeout: 30_000,
      },
    );
    const { at, urls } = await page.evaluate(() => {
      const interactiveAt = (window as { __benchInteractiveAt?: number }).__benchInteractiveAt ?? 0;
      return {
        at: interactiveAt,
        urls: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= interactiveAt)
          .map((entry) => entry.name),
      };
    });
    return {
      assets: await assets(),
      requests,
      interactiveRequests: urls.length + 1,
      interactiveUrls: [`${baseUrl}/signin`, ...urls],
      interactiveAtMs: at,
    };
  });
}

/**
 * Resolves once nothing has been in flight for `quietMs`: Playwright's networkidle (500 ms) fires
 * too early on a busy machine, while the shell's scripts are still running between two fetches.
 */
function trackInFlight(page: Page): (quietMs?: number) => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (quietMs = 2000) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < quietMs)) {
      await page.waitForTimeout(100);
    }
  };
}

/** The shell is up: its main menu is drawn, the page of / has loaded, and the network is quiet. */
async function shellUp(page: Page, quiet: (quietMs?: number) => Promise<void>): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: 60_000 });
  await quiet();
}

/** A desktop-sized context whose localStorage holds `storage` (a session). */
function signedInOptions(baseUrl: string, storage: Record<string, string>): BrowserContextOptions {
  return {
    viewport: { width: 1366, height: 900 },
    storageState: {
      cookies: [],
      origins: [
        { origin: baseUrl, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) },
      ],
    },
  };
}

/** Runs `measure` on a page of a fresh context (cold cache), which is closed after it. */
async function inFreshPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  measure: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await measure(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

export interface PageLoadFigures {
  /** The first load: what the page fetched before it started on its deferred content. */
  assets: Asset[];
  /**
   * What the page fetched after it set the DEFERRED_MARK (the dashboard's trends and their chart
   * library, loaded once the section is in view after the cards): counted apart, not in `assets`.
   */
  deferred: Asset[];
  requests: number;
  finalUrl: string;
}

/** The mark a page sets when it starts loading deferred content (mf-loans deferred-trends.tsx). */
export const DEFERRED_MARK = 'lender:deferred-load';

/** The URLs the page started fetching at or after DEFERRED_MARK (none when it set no mark). */
async function deferredUrls(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate((mark) => {
    const at = performance.getEntriesByName(mark, 'mark')[0]?.startTime;
    if (at === undefined) return [];
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= at)
      .map((entry) => entry.name);
  }, DEFERRED_MARK);
  return new Set(urls);
}

/** A page loaded from a cold cache in a fresh context whose localStorage holds `storage`. */
export async function measureColdLoad(
  browser: Browser,
  baseUrl: string,
  path: string,
  storage: Record<string, string>,
): Promise<PageLoadFigures> {
  return inFreshPage(browser, signedInOptions(baseUrl, storage), async (page) => {
    let requests = 0;
    page.on('request', () => (requests += 1));
    const assets = recordAssets(page);
    const quiet = trackInFlight(page);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await shellUp(page, quiet);
    const later = await deferredUrls(page);
    const all = await assets();
    return {
      assets: all.filter((a) => !later.has(a.url)),
      deferred: all.filter((a) => later.has(a.url)),
      requests,
      finalUrl: page.url(),
    };
  });
}

interface TrackedRequest {
  url: string;
  type: string;
  start: number;
  end?: number;
  parents: string[];
  visit: boolean;
}

interface CdpStack {
  callFrames: { url: string }[];
  parent?: CdpStack;
}

function stackUrls(stack: CdpStack | undefined, into: string[] = []): string[] {
  if (!stack) return into;
  for (const frame of stack.callFrames) if (frame.url) into.push(frame.url);
  return stackUrls(stack.parent, into);
}

export interface RemoteVisitFigures {
  route: string;
  remote: string;
  /** JS+CSS the visit fetched (gzipped), and every request it made. */
  assets: Asset[];
  requests: number;
  /** The remote's remoteEntry.js / mf-manifest.json were fetched before the navigation. */
  entryBefore: boolean;
  manifestBefore: boolean;
  /** Federation files (manifest, remoteEntry) fetched during the visit. */
  federationFetched: string[];
  /**
   * Round trips beyond its chunks: the federation files (manifest, remoteEntry.js) on the deepest
   * JS/CSS chain of the visit, i.e. the sequential requests its code had to wait for that are not
   * code itself.
   */
  roundTripsBeyondChunks: number;
  /** That deepest JS/CSS chain. */
  codeChain: string[];
  /** The visit's requests by depth (1 = started by what was already loaded). */
  levels: string[][];
  /** Depth of the JS/CSS waterfall, and of the whole one (its API calls included). */
  codeDepth: number;
  fullDepth: number;
  chain: string[];
  finalUrl: string;
}

const isFederationFile = (url: string) => /\/(mf-manifest\.json|remoteEntry\.js)(\?|$)/.test(url);

/**
 * Signs in (storage), loads / and waits for the network to be idle (the shell is up), then follows
 * the sidebar link to `route` (or, when none is visible, a history navigation the router picks up)
 * and records what that client-side navigation fetches. Each request's depth in the waterfall is
 * one more than the deepest of what it needed: the scripts on its initiator's stack (async parents
 * included), the document for parser-initiated ones, and, for a remote's files, that remote's
 * manifest when it was fetched during the visit and finished before the request started.
 * Requests made before the navigation have depth 0.
 */
export async function measureRemoteVisit(
  browser: Browser,
  baseUrl: string,
  route: string,
  remote: string,
  storage: Record<string, string>,
): Promise<RemoteVisitFigures> {
  return inFreshPage(browser, signedInOptions(baseUrl, storage), async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
    const tracked = new Map<string, TrackedRequest>();
    let inVisit = false;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      lastActivity = Date.now();
      const initiator = event.initiator as { type: string; url?: string; stack?: CdpStack };
      const parents = [...(initiator.url ? [initiator.url] : []), ...stackUrls(initiator.stack)];
      tracked.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        start: event.timestamp,
        parents,
        visit: inVisit,
      });
    });
    const finished = (event: { requestId: string; timestamp: number }) => {
      lastActivity = Date.now();
      const request = tracked.get(event.requestId);
      if (request) request.end = event.timestamp;
    };
    cdp.on('Network.loadingFinished', finished);
    cdp.on('Network.loadingFailed', finished);

    const quiet = trackInFlight(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await shellUp(page, quiet);
    const before = [...tracked.values()];
    const prefix = `/remotes/${remote}/`;
    const fetchedBefore = (file: string) =>
      before.some((r) => new URL(r.url).pathname === `${prefix}${file}`);

    inVisit = true;
    let requests = 0;
    page.on('request', () => (requests += 1));
    const assets = recordAssets(page);
    const link = page.locator(`nav a[href="${route}"]`).first();
    if (await link.isVisible()) {
      await link.click();
    } else {
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
    }
    lastActivity = Date.now();
    await page.waitForURL((url) => url.pathname === route);
    // Quiet for 1.5 s with nothing in flight: the visit's waterfall is over.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const inFlight = [...tracked.values()].some((r) => r.visit && r.end === undefined);
      if (!inFlight && Date.now() - lastActivity > 1500) break;
      await page.waitForTimeout(100);
    }

    const depth = new Map<string, number>(before.map((r) => [r.url, 0]));
    const visit = [...tracked.values()].filter((r) => r.visit).sort((a, b) => a.start - b.start);
    const via = new Map<string, string>();
    for (const request of visit) {
      const parents = [...request.parents];
      if (new URL(request.url).pathname.startsWith(prefix)) {
        for (const other of visit) {
          if (
            other.url.endsWith('/mf-manifest.json') &&
            other.url.includes(prefix) &&
            (other.end ?? Infinity) < request.start
          ) {
            parents.push(other.url);
          }
        }
      }
      let best = 0;
      let bestParent = '';
      for (const parent of parents) {
        const d = depth.get(parent) ?? 0;
        if (d > best) [best, bestParent] = [d, parent];
      }
      if (!depth.has(request.url)) {
        depth.set(request.url, best + 1);
        if (bestParent) via.set(request.url, bestParent);
      }
    }
    const isCode = (r: TrackedRequest) => r.type === 'Script' || r.type === 'Stylesheet';
    const depthOf = (r: TrackedRequest) => depth.get(r.url) ?? 1;
    const deepestOf = (requests: TrackedRequest[]) =>
      requests.reduce<TrackedRequest | undefined>(
        (a, r) => (!a || depthOf(r) > depthOf(a) ? r : a),
        undefined,
      );
    const chainTo = (request: TrackedRequest | undefined) => {
      const chain: string[] = [];
      for (let url = request?.url; url; url = via.get(url)) chain.unshift(new URL(url).pathname);
      return chain;
    };
    const codeChain = chainTo(deepestOf(visit.filter(isCode)));
    const levels: string[][] = [];
    for (const request of visit) {
      const level = depthOf(request) - 1;
      (levels[level] ??= []).push(new URL(request.url).pathname);
    }
    return {
      route,
      remote,
      assets: await assets(),
      requests,
      entryBefore: fetchedBefore('remoteEntry.js'),
      manifestBefore: fetchedBefore('mf-manifest.json'),
      federationFetched: visit.filter((r) => isFederationFile(r.url)).map((r) => new URL(r.url).pathname),
      roundTripsBeyondChunks: codeChain.filter(isFederationFile).length,
      codeChain,
      codeDepth: Math.max(0, ...visit.filter(isCode).map(depthOf)),
      fullDepth: Math.max(0, ...visit.map(depthOf)),
      levels: Array.from(levels, (level) => level ?? []),
      chain: chainTo(deepestOf(visit)),
      finalUrl: page.url(),
    };
  });
}

/**
 * fetch, tried again once when the socket it reused was closed by the server meanwhile (a
 * Lighthouse run outlasts the server's keep-alive timeout).
 */
export async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** The session the sign-in page stores (shared/src/client/session.ts, saveSession), from the API. */
export async function apiSession(
  baseUrl: string,
  staff: { email: string; password: string },
): Promise<Record<string, string>> {
  const response = await fetchOnce(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(staff),
  });
  const body = (await response.json()) as {
    access_token?: string;
    expires_at?: number;
    user?: { id: number; role: string };
    message?: string;
  };
  if (!response.ok || !body.access_token || !body.user || !body.expires_at) {
    throw new Error(`sign-in through the API failed: ${body.message}`);
  }
  return {
    user: JSON.stringify(body.user),
    access_token: body.access_token,
    token: body.access_token,
    access_token_expiry: String(body.expires_at),
    userId: String(body.user.id),
    role: body.user.role,
    user_id: String(body.user.id),
  };
}
