import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { remotesConfigSchema } from '@lender/shared/contract/remotes';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';
import { loadConfig } from '../config';
import { build } from '../../test/helper';
import { tempFolderWith } from '../../test/temp-folder';
import { allowScripts, cacheControlFor, inlineScriptHashes } from './static-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const THEME_SCRIPT = "document.documentElement.classList.add('dark')";
const SIGN_IN_HTML = `<!doctype html><script>${THEME_SCRIPT}</script><script defer src="/signin.1a2b3c4d.js"></script><h1>Sign In</h1>`;
const THEME_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
let staticRoot: string;

/** A pretend production build: the shell and one remote (mf-admin's build is missing). */
before(async () => {
  staticRoot = await tempFolderWith('lender-static-', {
    'shell/dist/index.html': '<!doctype html><title>Lender</title>',
    'shell/dist/signin.html': SIGN_IN_HTML,
    'shell/dist/signin.html.br': 'brotli sign-in',
    'shell/dist/main.1a2b3c4d.js': 'console.log("shell")',
    'shell/dist/remoteEntry.js': 'var shell;',
    'shell/dist/favicon.ico': 'icon',
    'mf-customers/dist/remoteEntry.js': 'var mf_customers;',
    'mf-customers/dist/mf-manifest.json': '{"name":"mf_customers"}',
    'mf-customers/dist/123.abcdef0123.js': 'chunk',
    'mf-customers/dist/styles.0123abcd.css': 'body{}',
    'mf-customers/dist/123.abcdef0123.js.br': 'brotli bytes',
  });
});
after(() => rm(staticRoot, { recursive: true, force: true }));

describe('static frontends', () => {
  test('the shell at /, with index.html for app routes and no caching of it', async (t) => {
    const { app } = await build(t, { staticRoot });
    for (const url of ['/', '/customers', '/viewloan/5', '/due-tommorrow?x=1']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /text\/html/, url);
      assert.equal(response.body, '<!doctype html><title>Lender</title>', url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
      assert.match(String(response.headers['content-security-policy']), /script-src 'self'/);
      assert.doesNotMatch(String(response.headers['content-security-policy']), /sha256/, url);
    }
  });

  test('a Permissions-Policy on every answer; HSTS only over HTTPS, as the trusted proxy reports it', async (t) => {
    const { app } = await build(t, { staticRoot, trustProxy: 1 });
    const plain = await app.inject({ method: 'GET', url: '/' });
    assert.match(
      String(plain.headers['permissions-policy']),
      /camera=\(\), microphone=\(\), geolocation=\(\)/,
    );
    assert.equal(plain.headers['strict-transport-security'], undefined, 'not over plain HTTP');
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    assert.ok(api.headers['permissions-policy'], 'on API answers too');
    const secure = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(secure.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  });

  test('/signin is the static sign-in page, never cached, its inline script allowed by its hash', async (t) => {
    const { app } = await build(t, { staticRoot });
    for (const url of ['/signin', '/signin?next=%2Floans']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.equal(response.body, SIGN_IN_HTML);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const policy = String(response.headers['content-security-policy']);
      assert.match(policy, new RegExp(`script-src 'self' ${THEME_HASH.replace(/[+/]/g, '\\$&')}(;|$)`));
      assert.match(policy, /default-src 'self'/, 'the rest of the policy stays');
    }
    const compressed = await app.inject({
      method: 'GET',
      url: '/signin',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.equal(compressed.body, 'brotli sign-in');
    assert.equal(compressed.headers['cache-control'], 'no-cache');
    assert.equal((await app.inject({ method: 'HEAD', url: '/signin' })).statusCode, 200);
  });

  test('a rebuilt sign-in page is hashed again without a restart', async (t) => {
    const { app } = await build(t, { staticRoot });
    const file = join(staticRoot, 'shell/dist/signin.html');
    const policy = async () =>
      String((await app.inject({ method: 'GET', url: '/signin' })).headers['content-security-policy']);
    assert.ok((await policy()).includes(THEME_HASH));
    const script = 'console.log("rebuilt")';
    await writeFile(file, `<!doctype html><script>${script}</script>`);
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    t.after(() => writeFile(file, SIGN_IN_HTML));
    const rebuilt = await policy();
    assert.ok(rebuilt.includes(`'sha256-${createHash('sha256').update(script).digest('base64')}'`), rebuilt);
    assert.ok(!rebuilt.includes(THEME_HASH), rebuilt);
  });

  test('hashed chunks are cached for a year, entry points never', async (t) => {
    const { app } = await build(t, { staticRoot });
    const cacheOf = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      return response.headers['cache-control'];
    };
    assert.equal(await cacheOf('/main.1a2b3c4d.js'), IMMUTABLE);
    assert.equal(await cacheOf('/remoteEntry.js'), 'no-cache');
    assert.equal(await cacheOf('/favicon.ico'), 'no-cache');
    assert.equal(await cacheOf('/remotes/mf-customers/remoteEntry.js'), 'no-cache');
    assert.equal(await cacheOf('/remotes/mf-customers/mf-manifest.json'), 'no-cache');
    assert.equal(await cacheOf('/remotes/mf-customers/123.abcdef0123.js'), IMMUTABLE);
    assert.equal(await cacheOf('/remotes/mf-customers/styles.0123abcd.css'), IMMUTABLE);
  });

  test('a pre-compressed copy is sent to browsers that accept it, cached like its file', async (t) => {
    const { app } = await build(t, { staticRoot });
    const response = await app.inject({
      method: 'GET',
      url: '/remotes/mf-customers/123.abcdef0123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], 'br');
    assert.equal(response.body, 'brotli bytes');
    assert.equal(response.headers['cache-control'], IMMUTABLE);
    const plain = await app.inject({ method: 'GET', url: '/remotes/mf-customers/123.abcdef0123.js' });
    assert.equal(plain.body, 'chunk');
  });

  test('missing files and unbuilt remotes are 404, not the app page', async (t) => {
    const { app } = await build(t, { staticRoot });
    for (const url of [
      '/missing.js',
      '/remotes/mf-admin/mf-manifest.json',
      '/remotes/mf-customers/nope.js',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.ok(response.json().message, url);
    }
  });

  test('unknown API routes are a JSON 404 for any method', async (t) => {
    const { app } = await build(t, { staticRoot });
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing' });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().message, `Not found: ${method} /api/no-such-thing`);
    }
  });

  test('without builds the server runs API-only', async (t) => {
    const { app } = await build(t);
    assert.equal((await app.inject({ method: 'GET', url: '/customers' })).statusCode, 404);
    assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  });

  test('inline scripts are hashed for the CSP, scripts with src are not', () => {
    assert.deepEqual(inlineScriptHashes(SIGN_IN_HTML), [THEME_HASH]);
    assert.deepEqual(inlineScriptHashes('<p>no scripts</p>'), []);
    assert.equal(
      allowScripts("default-src 'self';script-src 'self' https://a.example;img-src data:", ["'sha256-x'"]),
      "default-src 'self';script-src 'self' https://a.example 'sha256-x';img-src data:",
    );
    assert.equal(
      allowScripts("default-src 'self'", ["'sha256-x'"]),
      "default-src 'self';script-src 'self' 'sha256-x'",
    );
    assert.equal(allowScripts("script-src 'self'", []), "script-src 'self'");
  });

  test('names decide the caching', () => {
    assert.equal(cacheControlFor('index.html'), 'no-cache');
    assert.equal(cacheControlFor('remoteEntry.js'), 'no-cache');
    assert.equal(cacheControlFor('mf-manifest.json'), 'no-cache');
    assert.equal(cacheControlFor('vendors.0123456789abcdef.js'), IMMUTABLE);
    assert.equal(cacheControlFor('font.deadbeef.woff2'), IMMUTABLE);
    assert.equal(cacheControlFor('logo.svg'), 'no-cache');
    assert.equal(cacheControlFor('main.js'), 'no-cache');
  });
});

describe('GET /remotes.config.json', () => {
  test('lists the remotes with their manifests, never cached, no token needed', async (t) => {
    const { app } = await build(t);
    const response = await app.inject({ method: 'GET', url: '/remotes.config.json' });

    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    // No build here: the entries only (modules/remotes has the tests with builds and deploys).
    assert.deepEqual(remotesConfigSchema.parse(response.json()), {
      contractVersion: CONTRACT_VERSION,
      remotes: [
        { name: 'mf_customers', entry: '/remotes/mf-customers/mf-manifest.json' },
        { name: 'mf_loans', entry: '/remotes/mf-loans/mf-manifest.json' },
        { name: 'mf_repayments', entry: '/remotes/mf-repayments/mf-manifest.json' },
        { name: 'mf_admin', entry: '/remotes/mf-admin/mf-manifest.json', roles: ['admin'] },
      ],
    });
  });

  test('follows REMOTE_<NAME>_URL, and the CSP lets the moved remote load', async (t) => {
    const { remotes } = loadConfig({ REMOTE_MF_LOANS_URL: 'https://loans.example.com/v2/mf-manifest.json' });
    const { app } = await build(t, { remotes });
    const response = await app.inject({ method: 'GET', url: '/remotes.config.json' });

    assert.equal(response.json().remotes[1].entry, 'https://loans.example.com/v2/mf-manifest.json');
    assert.match(
      String(response.headers['content-security-policy']),
      /script-src 'self' https:\/\/loans\.example\.com/,
    );
  });
});

describe('GET /api/docs/openapi.json', () => {
  test('documents the routes from the shared schemas', async (t) => {
    const { app } = await build(t);
    const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });

    assert.equal(response.statusCode, 200);
    const doc = response.json();
    assert.match(doc.openapi, /^3\./);
    for (const path of [
      '/api/health',
      '/api/users/login',
      '/api/users/register',
      '/api/users',
      '/api/users/{id}',
      '/api/files/{key}',
    ]) {
      assert.ok(doc.paths[path], path);
    }
    const login = doc.paths['/api/users/login'].post;
    assert.deepEqual(login.requestBody.content['application/json'].schema.required, ['email', 'password']);
    assert.ok(doc.paths['/api/users/register'].post.requestBody.content['multipart/form-data']);
    assert.deepEqual(doc.security, [{ bearer: [] }]);
    assert.deepEqual(login.security, [], 'sign-in needs no token');
  });
});
