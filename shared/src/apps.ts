// The typed view of shared/apps.json, the one list of the apps. Plain JSON so that the .mjs build
// scripts, eslint.config.mjs and scripts/ read it without a TypeScript loader; no zod here, so the
// shell's light modules can import it. JSON gives no literal types, but its keys stay keys: the
// remotes are keyed by name, which makes RemoteName a union of the names.
import registry from '../apps.json';
import { ROLES, isRole, type Role } from './domain/roles';
import { columnOf, valuesOf } from './domain/value-table';

// Through a local constant, so that the declarations (.tsbuild) spell the names out instead of
// importing a JSON file that is not beside them.
const remotes = registry.remotes;
export type RemoteName = keyof typeof remotes;

export interface RemoteApp {
  /** The remote's folder in the workspace, also its URL segment under /remotes/ (mf-loans). */
  folder: string;
  /** Its dev server's port. */
  port: number;
  /** The human name of its area, for the "could not be loaded" message. */
  area: string;
  /** When present, only users with one of these roles may load the remote. */
  roles?: Role[];
}

const rows: Record<RemoteName, Omit<RemoteApp, 'roles'> & { roles?: string[] }> = remotes;

/** Each remote's row of shared/apps.json, its roles checked (a typo must not open a remote up). */
export const REMOTE_APPS = Object.fromEntries(
  Object.entries(rows).map(([name, { roles, ...app }]) => {
    const unknown = roles?.find((role) => !isRole(role));
    if (unknown !== undefined) {
      throw new Error(
        `shared/apps.json: ${name} names the role "${unknown}", not one of ${ROLES.join(', ')}`,
      );
    }
    return [name, roles ? { ...app, roles: roles.filter(isRole) } : app];
  }),
) as Record<RemoteName, RemoteApp>;

/** The Module Federation names of the remotes (valid JS identifiers), as the tuple z.enum takes. */
export const REMOTE_NAMES = valuesOf(REMOTE_APPS);

/** Each remote's area, for the "could not be loaded" message. */
export const REMOTE_AREAS = columnOf(REMOTE_APPS, 'area');
