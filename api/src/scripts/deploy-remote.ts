/**
 * Deploys or rolls back one remote while the product runs, touching nothing else:
 *
 *   npm run deploy -- mf-repayments [--from <folder>] [--keep 5] [--server <url>] [--force]
 *   npm run rollback -- mf-repayments
 *
 * deploy: builds the remote (this checkout's, or the one in --from) into a new immutable folder
 * DEPLOY_DIR/<remote>/<version>/, checks it (its manifest names the remote, exposes its pages and
 * declares its routes and menu; its contract major is the server's: --server asks a running
 * server, else this checkout's contract), then makes it live by rewriting DEPLOY_DIR/state.json
 * in one rename. The server reads that file on each request for /remotes.config.json, so the next
 * page load uses the new version. Keeps the last --keep (DEPLOY_KEEP, default 5) versions.
 * rollback: makes the version before the live one live again (or, with none, this checkout's
 * build of the remote).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@lender/shared/apps';
import { remoteManifestDataSchema } from '@lender/shared/contract/remote-manifest';
import { CONTRACT_VERSION, majorOf } from '@lender/shared/contract/version';
import { loadConfig } from '../config';
import {
  DEPLOYED_PREFIX,
  liveVersion,
  pruneVersions,
  readDeployState,
  remoteFolder,
  remoteNamed,
  versionDir,
  writeDeployState,
} from '../modules/remotes/deployments';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    keep: { type: 'string' },
    server: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const [command, remoteText] = positionals;
if (command !== 'deploy' && command !== 'rollback') fail('say deploy or rollback');
const name =
  remoteNamed(remoteText ?? '') ??
  fail(`name a remote: ${REMOTE_NAMES.map(remoteFolder).join(', ')} (got "${remoteText ?? ''}")`);
const folder = remoteFolder(name);
const cwd = process.env.INIT_CWD || process.cwd();
const { deployDir } = loadConfig(process.env, cwd);
const keep = Number(values.keep ?? process.env.DEPLOY_KEEP ?? 5);
if (!Number.isInteger(keep) || keep < 1)
  fail(`--keep must be a whole number, 1 or more (got "${values.keep}")`);

/** The contract version the product runs with: a running server's, else this checkout's. */
async function serverContract(): Promise<{ version: string; from: string }> {
  const server = values.server ?? process.env.DEPLOY_SERVER_URL;
  if (!server) return { version: CONTRACT_VERSION, from: 'this checkout' };
  const response = await fetch(new URL('/api/health', server)).catch((error: unknown) =>
    fail(`${server} does not answer: ${error instanceof Error ? error.message : String(error)}`),
  );
  const { contractVersion } = (await response.json()) as { contractVersion?: unknown };
  if (typeof contractVersion !== 'string') fail(`${server}/api/health names no contract version`);
  return { version: contractVersion, from: server };
}

/** What is wrong with a built remote, or nothing. */
function problemsOf(dir: string, contract: string): string[] {
  const manifestFile = join(dir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return ['the build has no mf-manifest.json'];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    name?: string;
    metaData?: { remoteEntry?: { name?: string }; lender?: unknown };
    exposes?: { path?: string }[];
  };
  const problems: string[] = [];
  if (manifest.name !== name) problems.push(`its manifest names "${manifest.name}", not ${name}`);
  const entry = manifest.metaData?.remoteEntry?.name;
  if (!entry || !existsSync(join(dir, entry))) problems.push('its remote entry is missing');
  if (!manifest.exposes?.some((exposed) => exposed.path === './pages'))
    problems.push('it does not expose ./pages');
  const data = remoteManifestDataSchema.safeParse(manifest.metaData?.lender);
  if (!data.success) problems.push(`its declaration of routes and menu is not valid: ${data.error.message}`);
  else if (majorOf(data.data.contractVersion) !== majorOf(contract)) {
    problems.push(
      `it is built for API contract ${data.data.contractVersion}; the product speaks ${contract}`,
    );
  }
  return problems;
}

/** A version name that sorts by time and says what was built: 20261125-121500-1a2b3c4d. */
function versionOf(dir: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (!/\.(js|json|css)$/.test(file)) continue;
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${hash.digest('hex').slice(0, 8)}`;
}

async function deploy(): Promise<void> {
  const from = values.from
    ? isAbsolute(values.from)
      ? values.from
      : resolve(cwd, values.from)
    : join(REPO_ROOT, folder);
  const webpack = join(from, 'node_modules', '.bin', 'webpack');
  if (!existsSync(join(from, 'webpack.config.mjs')) || !existsSync(webpack)) {
    fail(
      `${from} is not a remote's folder with its dependencies installed (webpack.config.mjs, node_modules)`,
    );
  }
  const contract = await serverContract();
  const building = join(deployDir, folder, `.building-${process.pid}`);
  console.log(`▶ Building ${name} from ${from}`);
  const built = spawnSync(webpack, ['--mode', 'production', '--config', join(from, 'webpack.config.mjs')], {
    cwd: from,
    stdio: 'inherit',
    env: { ...process.env, LENDER_DIST_DIR: building },
  });
  if (built.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    fail(`the build of ${name} failed; nothing was changed`);
  }
  const problems = problemsOf(building, contract.version);
  if (problems.length > 0 && !values.force) {
    rmSync(building, { recursive: true, force: true });
    fail(`${name} was not deployed (checked against ${contract.from}):\n  - ${problems.join('\n  - ')}`);
  }
  for (const problem of problems) console.warn(`⚠ deployed anyway (--force): ${problem}`);
  const version = versionOf(building);
  renameSync(building, versionDir(deployDir, name, version));

  const state = readDeployState(deployDir);
  const previous = liveVersion(state, name);
  state[name] = { history: [...(state[name]?.history ?? []), version] };
  const removed = pruneVersions(deployDir, state, name, keep);
  writeDeployState(deployDir, state);
  // Folders of versions rolled back from earlier are no longer in the history: gone too.
  const kept = new Set(state[name]?.history);
  for (const entry of readdirSync(join(deployDir, folder))) {
    if (!entry.startsWith('.') && !kept.has(entry))
      rmSync(join(deployDir, folder, entry), { recursive: true, force: true });
  }

  console.log(`✔ ${name} ${version} is live: ${DEPLOYED_PREFIX}${folder}/${version}/mf-manifest.json`);
  console.log(`  was: ${previous ?? `this checkout's build (/remotes/${folder}/)`}`);
  console.log(`  folder: ${versionDir(deployDir, name, version)}`);
  if (removed.length > 0) console.log(`  removed old versions (keeping ${keep}): ${removed.join(', ')}`);
  console.log('  Open pages pick it up on their next load. Nothing else was touched.');
}

function rollback(): void {
  const state = readDeployState(deployDir);
  const history = state[name]?.history ?? [];
  if (history.length === 0)
    fail(`${name} has no deployed version to roll back (it runs this checkout's build)`);
  const from = history.at(-1);
  const rest = history.slice(0, -1);
  if (rest.length > 0) state[name] = { history: rest };
  else delete state[name];
  writeDeployState(deployDir, state);
  const to = rest.at(-1);
  console.log(`✔ ${name} rolled back from ${from} to ${to ?? `this checkout's build (/remotes/${folder}/)`}`);
  console.log(`  ${from} stays on disk until the next deploy, for pages still open on it.`);
}

if (command === 'deploy') await deploy();
else rollback();
