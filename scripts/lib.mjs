// Small helpers for the root scripts: run a command, find what is out of date.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FRONTEND_FOLDERS } from '../shared/build/apps.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const packageManager = JSON.parse(
  readFileSync(path.join(root, 'package.json'), 'utf8'),
).packageManager;

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** Runs the pinned pnpm through npx: a fresh machine has only Node and npm. */
export function pnpm(args, options) {
  return run('npx', ['--yes', packageManager, ...args], options);
}

export async function mustRun(label, command, args, options) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`✖ ${label} failed (exit ${code})`);
    process.exit(code);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// Not sources: installs, outputs, data, and tsc -b's declarations and build info (.tsbuild), which
// `npm test` writes while the browser tests start the product (a stale-looking build would rebuild).
const ignoredDirs = new Set(['node_modules', 'dist', 'coverage', 'data', '.git', '.tsbuild']);

/** Newest modification time of the files below the given folders (sources of a build). */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      newest = Math.max(newest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (ignoredDirs.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach((dir) => walk(path.join(root, dir)));
  return newest;
}

/** The frontend apps' folders: the shell, then the remotes (shared/apps.json). */
export const apps = FRONTEND_FOLDERS;

/** Packages whose build output is older than their sources (or the shared package's). */
export function staleBuilds() {
  const sharedMtime = newestMtime(['shared', 'pnpm-lock.yaml']);
  const outputs = {
    api: 'api/dist/server.js',
    // The shell is a host: it writes no remoteEntry.js, its last output is index.html.
    ...Object.fromEntries(
      apps.map((app) => [app, app === 'shell' ? 'shell/dist/index.html' : `${app}/dist/remoteEntry.js`]),
    ),
  };
  return Object.entries(outputs)
    .filter(([dir, output]) => {
      const file = path.join(root, output);
      if (!existsSync(file)) return true;
      return Math.max(newestMtime([dir]), sharedMtime) > statSync(file).mtimeMs;
    })
    .map(([dir]) => dir);
}

/** `npm start`'s preparation: install (unless LENDER_SKIP_INSTALL=1), then build what is stale. */
export async function installAndBuild() {
  if (process.env.LENDER_SKIP_INSTALL !== '1') {
    await mustRun('Installing dependencies', 'npx', ['--yes', packageManager, 'install', '--prefer-offline']);
  }
  const stale = staleBuilds();
  if (stale.length > 0) {
    const filters = stale.flatMap((dir) => ['--filter', `./${dir}`]);
    await mustRun(`Building ${stale.join(', ')}`, 'npx', [
      '--yes',
      packageManager,
      '-r',
      '--workspace-concurrency=2',
      ...filters,
      'build',
    ]);
  } else {
    console.log('✔ Build is up to date');
  }
}

/** Runs the built server (api/dist/server.js) in the foreground with `env`; exits with its code. */
export function serveBuilt(env = process.env) {
  const server = path.join(root, 'api/dist/server.js');
  if (!existsSync(server)) {
    console.error('The server build is missing: api/dist/server.js');
    process.exit(1);
  }
  // The server shuts down cleanly on SIGTERM/SIGINT: pass ours on and exit with its code.
  const child = spawn(process.execPath, [server], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: env.NODE_ENV ?? 'production' },
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
