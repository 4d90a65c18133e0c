import { z } from 'zod';
// The remotes are listed once, in shared/apps.json.
import { REMOTE_NAMES } from '../apps';
import { ROLES } from '../domain/roles';
import { remoteContributionsSchema } from './remote-manifest';

/**
 * The remotes configuration the shell fetches when it starts (`GET /remotes.config.json`), so
 * that a remote can be rebuilt and redeployed, or served from elsewhere, without rebuilding the
 * shell. Served with `Cache-Control: no-cache`.
 */
export const REMOTES_CONFIG_PATH = '/remotes.config.json';

export const remoteEntrySchema = z.object({
  name: z.enum(REMOTE_NAMES),
  /** URL of the remote's mf-manifest.json: a path on this origin or an absolute URL. */
  entry: z.string().min(1),
  /** When present, only users with one of these roles may load the remote (mf_admin: admins only). */
  roles: z.array(z.enum(ROLES)).optional(),
  /**
   * Copied from the remote's manifest by the server (or the deploy step), so the shell knows
   * every remote's routes and menu from this one request, also those of a remote that is down.
   * Absent when the server cannot read the manifest (a remote on another origin): the shell then
   * reads the manifest itself.
   */
  contractVersion: z.string().optional(),
  contributions: remoteContributionsSchema.optional(),
  /** The deployed version (the folder name), for people and logs. */
  version: z.string().optional(),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesConfigSchema = z.object({
  /** The server's contract version: remotes of another major are not mounted. */
  contractVersion: z.string(),
  remotes: z.array(remoteEntrySchema),
});
export type RemotesConfig = z.infer<typeof remotesConfigSchema>;
