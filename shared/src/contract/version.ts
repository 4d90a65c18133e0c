/**
 * The version of the API contract (this package's schemas, routes and texts) as semver. Its major
 * changes only with a change that breaks a client built against the previous one: the server
 * announces its own (GET /api/health, /remotes.config.json), each remote's manifest names the one
 * it was built with, and the shell mounts only remotes of the server's major (docs/architecture.md).
 */
export const CONTRACT_VERSION = '1.1.0';

/** The major of a semver string ('1.4.2' → 1), or null when it is not one. */
export function majorOf(version: string): number | null {
  const match = /^(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(version);
  return match ? Number(match[1]) : null;
}
