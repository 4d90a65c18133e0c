import { z } from 'zod';
import { ROLES } from '../domain/roles';

/**
 * What a remote contributes to the product, declared by the remote itself (its
 * `src/contributions.ts`) and carried in its build's `mf-manifest.json` (`metaData.lender`): the
 * shell builds its router and menu from these at run time, so a remote team adds a page or a menu
 * item by deploying its remote alone.
 */
export const remoteRouteSchema = z.object({
  /** Route pattern, static segments and `:param`s: '/loans', '/viewloan/:id'. */
  path: z.string().regex(/^\/([A-Za-z0-9_-]+|:[A-Za-z]+)?(\/([A-Za-z0-9_-]+|:[A-Za-z]+))*$/),
  /** The page's name in the browser tab. */
  title: z.string().min(1),
  /** The heading the shell paints while the remote loads (the page renders the same). */
  heading: z.string().min(1).optional(),
  /** Who may open it; everyone signed in when absent. The server enforces its own rules. */
  roles: z.array(z.enum(ROLES)).min(1).optional(),
});
export type RemoteRouteDeclaration = z.infer<typeof remoteRouteSchema>;

export const remoteMenuItemSchema = z.object({
  label: z.string().min(1),
  /** One of the remote's route patterns (without params): the item shows when that route may be opened. */
  path: z.string().startsWith('/'),
  /** Position inside its group, ascending. */
  order: z.number().int(),
  /** Other routes for which this item is the active one; a trailing '/' means "starts with". */
  alsoActiveOn: z.array(z.string().startsWith('/')).optional(),
});
export type RemoteMenuItem = z.infer<typeof remoteMenuItemSchema>;

export const MENU_SECTIONS = ['Menu', 'Others', 'Admin'] as const;

export const remoteMenuGroupSchema = z.object({
  /** Groups of several remotes with the same key are one group (the first declaration names it). */
  key: z.string().regex(/^[a-z0-9-]+$/),
  label: z.string().min(1),
  /** An icon of the shell's set, by name ('BankOutlined'); an unknown name gets a default icon. */
  icon: z.string().min(1),
  section: z.enum(MENU_SECTIONS),
  /** Where a group the shell does not know goes, after the specification's groups. */
  order: z.number().int(),
  /** A top-level link (Dashboard)… */
  path: z.string().startsWith('/').optional(),
  /** …or a group of links. */
  items: z.array(remoteMenuItemSchema).optional(),
});
export type RemoteMenuGroup = z.infer<typeof remoteMenuGroupSchema>;

export const remoteContributionsSchema = z.object({
  routes: z.array(remoteRouteSchema).min(1),
  menu: z.array(remoteMenuGroupSchema),
  /** The data tags its API slice provides (the shell's data-changed action reaches them). */
  tags: z.array(z.string()),
});
export type RemoteContributions = z.infer<typeof remoteContributionsSchema>;

/** `metaData.lender` of a remote's mf-manifest.json, written by the build. */
export const remoteManifestDataSchema = z.object({
  /** The contract version the remote was built and tested against (CONTRACT_VERSION). */
  contractVersion: z.string().regex(/^\d+\.\d+\.\d+/),
  contributions: remoteContributionsSchema,
});
export type RemoteManifestData = z.infer<typeof remoteManifestDataSchema>;
