import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@lender/shared/contract/routes';

export interface StaticFilesOptions {
  /** Holds shell/dist and <remote>/dist. */
  staticRoot: string;
  /** Folder names of the remotes (mf-customers, …), each served under /remotes/<folder>/. */
  remoteFolders: string[];
}

/** Content-hashed file names (`name.1a2b3c4d.js`): their content never changes, so cache them for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/;
/** Entry points that name the current build: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);

export function cacheControlFor(fileName: string): string {
  if (!ENTRY_FILES.has(fileName) && HASHED_FILE.test(fileName)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

const setCacheHeaders = (reply: FastifyReply, path: string) => {
  // Pre-compressed copies (main.1a2b3c4d.js.br) are cached like the file they stand for.
  reply.header('cache-control', cacheControlFor(basename(path).replace(/\.(br|gz)$/, '')));
};

/**
 * The production frontends from one origin: the shell's build at `/` (with index.html for any
 * app route such as /customers or /viewloan/5), each remote's build under `/remotes/<folder>/`.
 * A missing build is logged and skipped, so the server also runs API-only. Unknown paths under
 * /api, /remotes and anything that looks like a file answer a JSON 404.
 */
export default fp<StaticFilesOptions>(
  async (app, { staticRoot, remoteFolders }) => {
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
      await app.register(fastifyStatic, {
        root: dist,
        prefix: `/remotes/${folder}/`,
        decorateReply: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
        redirect: false,
        index: false,
        preCompressed: true,
      });
      app.log.info({ folder: dist }, `Serving ${folder} at /remotes/${folder}/`);
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isAppRoute =
        (request.method === 'GET' || request.method === 'HEAD') &&
        path !== API_BASE &&
        !path.startsWith(`${API_BASE}/`) &&
        !path.startsWith('/remotes/') &&
        !/\.[A-Za-z0-9]+$/.test(path);
      // Sent, not returned: a reply returned from inside @fastify/static's callNotFound chain is
      // awaited as a thenable over and over (MaxListenersExceededWarning).
      if (hasShell && isAppRoute) reply.header('cache-control', 'no-cache').sendFile('index.html', shellDist);
      else reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
    });
  },
  { name: 'static-files' },
);
