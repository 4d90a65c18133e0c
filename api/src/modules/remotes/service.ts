import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { remoteManifestDataSchema, type RemoteManifestData } from '@lender/shared/contract/remote-manifest';
import type { RemoteEntry, RemotesConfig } from '@lender/shared/contract/remotes';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';
import {
  DEPLOY_STATE_FILE,
  DEPLOYED_PREFIX,
  liveVersion,
  readDeployState,
  remoteFolder,
  type DeployState,
} from './deployments';

export interface RemotesSource {
  /** Holds <folder>/dist of each remote (the build of this checkout). */
  staticRoot: string;
  deployDir: string;
  /** The configured entries (REMOTE_<NAME>_URL overrides the default path). */
  remotes: RemoteEntry[];
}

/** A file read again only when it changes: the configuration is asked for on every page load. */
function cachedByMtime<T>(read: (file: string) => T): (file: string) => T | undefined {
  const cache = new Map<string, { mtimeMs: number; value: T | undefined }>();
  return (file) => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      cache.delete(file);
      return undefined;
    }
    const known = cache.get(file);
    if (known?.mtimeMs === mtimeMs) return known.value;
    let value: T | undefined;
    try {
      value = read(file);
    } catch {
      value = undefined;
    }
    cache.set(file, { mtimeMs, value });
    return value;
  };
}

const readManifestData = cachedByMtime((file): RemoteManifestData => {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { metaData?: { lender?: unknown } };
  return remoteManifestDataSchema.parse(manifest.metaData?.lender);
});

/**
 * The remotes configuration the shell reads: for each remote, its live deployed version (the
 * deploy folder's state), else this checkout's build, else the configured URL; with the routes,
 * menu and contract version its manifest declares, so the shell learns them in one request. A
 * remote served from another origin (REMOTE_<NAME>_URL) is left for the shell to read.
 */
export function createRemotesConfigSource(source: RemotesSource): () => RemotesConfig {
  const readState = cachedByMtime(() => readDeployState(source.deployDir));
  return () => {
    const state: DeployState = readState(join(source.deployDir, DEPLOY_STATE_FILE)) ?? {};
    const remotes = source.remotes.map((configured): RemoteEntry => {
      const folder = remoteFolder(configured.name);
      const built = `/remotes/${folder}/mf-manifest.json`;
      if (configured.entry !== built) return configured;
      const version = liveVersion(state, configured.name);
      const entry = version ? `${DEPLOYED_PREFIX}${folder}/${version}/mf-manifest.json` : built;
      const file = version
        ? join(source.deployDir, folder, version, 'mf-manifest.json')
        : join(source.staticRoot, folder, 'dist', 'mf-manifest.json');
      const data = readManifestData(file);
      return {
        ...configured,
        entry,
        ...(version ? { version } : {}),
        ...(data ? { contractVersion: data.contractVersion, contributions: data.contributions } : {}),
      };
    });
    return { contractVersion: CONTRACT_VERSION, remotes };
  };
}
