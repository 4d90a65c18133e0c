import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, appRoutes } from '@lender/shared/contract/routes';
import { DEPLOYED_PREFIX } from '../modules/remotes/deployments';
import { sendNotFound } from './not-found';

export interface StaticFilesOptions {
  /** Holds shell/dist and <remote>/dist. */
  staticRoot: string;
  /** Folder names of the remotes (mf-customers, …), each served under /remotes/<folder>/. */
  remoteFolders: string[];
  /** The remotes deployed on their own (`npm run deploy`), served under /deployed/. */
  deployDir?: string;
}

/** Content-hashed file names (`name.1a2b3c4d.js`): their content never changes, so cache them for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/;
/** Entry points that name the current build: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);

export function cacheControlFor(fileName: string): string {
  if (!ENTRY_FILES.has(fileName) && HASHED_FILE.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** The CSP source of each inline `<script>` (no src) of a page: `'sha256-…'`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\ssrc\s*=/i.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/** The policy with `sources` added to its script-src (its default-src when it has none). */
export function allowScripts(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy.split(';').map((directive) => directive.trim());
  const at = directives.findIndex((directive) => /^script-src(\s|$)/.test(directive));
  if (at >= 0) directives[at] = `${directives[at]} ${sources.join(' ')}`;
  else {
    const fallback = directives.find((directive) => /^default-src(\s|$)/.test(directive));
    directives.push(`script-src${fallback ? fallback.slice('default-src'.length) : ''} ${sources.join(' ')}`);
  }
  return directives.filter(Boolean).join(';');
}

const setCacheHeaders = (reply: FastifyReply, path: string) => {
  // Pre-compressed copies (main.1a2b3c4d.js.br) are cached like the file they stand for.
  reply.header('cache-control', cacheControlFor(basename(path).replace(/\.(br|gz)$/, '')));
};

/** A remote's files under `prefix`: entry files revalidated, hashed chunks cached for a year. */
const remoteFiles = (root: string, prefix: string): FastifyStaticOptions => ({
  root,
  prefix,
  decorateReply: false,
  cacheControl: false,
  setHeaders: setCacheHeaders,
  redirect: false,
  index: false,
  preCompressed: true,
});

/**
 * The production frontends from one origin: the shell's build at `/` (with index.html for any
 * app route such as /customers or /viewloan/5, and its static signin.html at /signin), each
 * remote's build under `/remotes/<folder>/`.
 * A missing build is logged and skipped, so the server also runs API-only. Unknown paths under
 * /api, /remotes and anything that looks like a file answer a JSON 404.
 */
export default fp<StaticFilesOptions>(
  async (app, { staticRoot, remoteFolders, deployDir }) => {
    const shellDist = join(staticRoot, 'shell', 'dist');
    const hasShell = existsSync(join(shellDist, 'index.html'));
    if (hasShell) {
      await app.register(fastifyStatic, {
        root: shellDist,
        prefix: '/',
        cacheControl: false,
        setHeaders: setCacheHeaders,
        redirect: false,
        preCompressed: true,
      });
      app.log.info({ folder: shellDist }, 'Serving the shell at /');

      // /signin is a page of its own, made at build time (shell/src/sign-in): HTML that paints
      // without waiting for scripts. Its inline scripts (the theme before the first paint, the
      // page's own) are allowed by their hashes, on this page only.
      const signInFile = join(shellDist, 'signin.html');
      if (existsSync(signInFile)) {
        // Hashed again when the file changes (a rebuild under a running server).
        let hashed = { mtimeMs: -1, hashes: [] as string[] };
        const scriptHashes = () => {
          const { mtimeMs } = statSync(signInFile);
          if (mtimeMs !== hashed.mtimeMs) {
            hashed = { mtimeMs, hashes: inlineScriptHashes(readFileSync(signInFile, 'utf8')) };
          }
          return hashed.hashes;
        };
        app.get(appRoutes.signin, (_request, reply) => {
          const policy = reply.getHeader('content-security-policy');
          if (typeof policy === 'string') {
            reply.header('content-security-policy', allowScripts(policy, scriptHashes()));
          }
          reply.sendFile(basename(signInFile), shellDist);
        });
      }
    } else {
      app.log.warn(
        { folder: shellDist },
        'Shell build not found: serving the API only (run the build to serve the app)',
      );
    }

    for (const folder of remoteFolders) {
      const dist = join(staticRoot, folder, 'dist');
      if (!existsSync(dist)) {
        app.log.warn({ folder: dist }, `Remote build not found: /remotes/${folder}/ is not served`);
        continue;
      }
      await app.register(fastifyStatic, remoteFiles(dist, `/remotes/${folder}/`));
      app.log.info({ folder: dist }, `Serving ${folder} at /remotes/${folder}/`);
    }

    if (deployDir) {
      // Created when missing: a remote deployed later is served without a restart.
      mkdirSync(deployDir, { recursive: true });
      await app.register(fastifyStatic, {
        ...remoteFiles(deployDir, DEPLOYED_PREFIX),
        // state.json and a build in progress (.building-<pid>/) are not for browsers.
        allowedPath: (path) => !/(^|\/)\./.test(path) && !/(^|\/)state\.json$/.test(path),
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isAppRoute =
        (request.method === 'GET' || request.method === 'HEAD') &&
        path !== API_BASE &&
        !path.startsWith(`${API_BASE}/`) &&
        !path.startsWith('/remotes/') &&
        !path.startsWith(DEPLOYED_PREFIX) &&
        !/\.[A-Za-z0-9]+$/.test(path);
      // Sent, not returned: a reply returned from inside @fastify/static's callNotFound chain is
      // awaited as a thenable over and over (MaxListenersExceededWarning).
      if (hasShell && isAppRoute) reply.header('cache-control', 'no-cache').sendFile('index.html', shellDist);
      else sendNotFound(request, reply);
    });
  },
  { name: 'static-files' },
);
