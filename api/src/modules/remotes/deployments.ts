import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_APPS, REMOTE_NAMES, type RemoteName } from '@lender/shared/apps';

/**
 * The deploy folder (DEPLOY_DIR): one immutable folder per deployed version of a remote,
 * `<deployDir>/<folder>/<version>/`, and `state.json` naming each remote's current version and
 * the versions before it. `npm run deploy` and `npm run rollback` write it; the server reads it
 * on each request for the remotes configuration, so a switch needs no restart. Written by
 * rename, so a reader sees the old state or the new one, never half of one.
 */
export interface RemoteDeployment {
  /** Deployed versions, oldest first; the last one is live. */
  history: string[];
}
export type DeployState = Partial<Record<RemoteName, RemoteDeployment>>;

export const DEPLOY_STATE_FILE = 'state.json';
/** URL prefix the deploy folder is served under. */
export const DEPLOYED_PREFIX = '/deployed/';

/** The folder of a remote's build: mf_repayments → mf-repayments. */
export const remoteFolder = (name: RemoteName): string => REMOTE_APPS[name].folder;

/** A remote's name from what a person types: mf-repayments, mf_repayments or repayments. */
export function remoteNamed(text: string): RemoteName | undefined {
  const name = (text.startsWith('mf') ? text : `mf_${text}`).replace('-', '_');
  return REMOTE_NAMES.find((candidate) => candidate === name);
}

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The state, or an empty one when nothing was deployed; a damaged file is an error naming it. */
export function readDeployState(deployDir: string): DeployState {
  const file = join(deployDir, DEPLOY_STATE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const parsed: unknown = JSON.parse(text);
  const state: DeployState = {};
  for (const name of REMOTE_NAMES) {
    const entry = (parsed as Record<string, { history?: unknown }> | null)?.[name];
    if (entry === undefined) continue;
    const history = entry?.history;
    if (!Array.isArray(history) || !history.every((v) => typeof v === 'string' && VERSION.test(v))) {
      throw new Error(`${file}: ${name}.history is not a list of versions`);
    }
    if (history.length > 0) state[name] = { history };
  }
  return state;
}

export function writeDeployState(deployDir: string, state: DeployState): void {
  mkdirSync(deployDir, { recursive: true });
  const file = join(deployDir, DEPLOY_STATE_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}

/** The live version of a remote, if one was deployed. */
export const liveVersion = (state: DeployState, name: RemoteName): string | undefined =>
  state[name]?.history.at(-1);

/** The folder of a deployed version. */
export const versionDir = (deployDir: string, name: RemoteName, version: string): string =>
  join(deployDir, remoteFolder(name), version);

/** Removes the folders of versions older than the last `keep` (the live one is always kept). */
export function pruneVersions(
  deployDir: string,
  state: DeployState,
  name: RemoteName,
  keep: number,
): string[] {
  const history = state[name]?.history ?? [];
  const dropped = history.slice(0, Math.max(0, history.length - Math.max(1, keep)));
  for (const version of dropped)
    rmSync(versionDir(deployDir, name, version), { recursive: true, force: true });
  if (state[name]) state[name] = { history: history.slice(dropped.length) };
  return dropped;
}
