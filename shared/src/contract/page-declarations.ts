import type { ComponentType } from 'react';
import { rolesFor, type Action } from '../domain/permissions';
import type { RemoteContributions, RemoteMenuGroup, RemoteRouteDeclaration } from './remote-manifest';

/**
 * A menu group as a remote's pages name it (declared once per remote, next to its pages); groups of
 * several remotes with the same key are one group in the shell.
 */
export type PageMenuGroup = Readonly<Omit<RemoteMenuGroup, 'items' | 'path'>>;

/** Where a page sits in the menu: an item of a group of links, or the group's own link (Dashboard). */
export type PageMenuPlacement =
  | {
      readonly group: PageMenuGroup;
      readonly label: string;
      /** Position inside its group, ascending (gaps let another remote's item slot in between). */
      readonly order: number;
      /** Other routes for which this item is the active one; a trailing '/' means "starts with". */
      readonly alsoActiveOn?: readonly string[];
    }
  | { readonly group: PageMenuGroup; readonly groupLink: true };

/**
 * One page of a remote, declared once (the remote's src/page-declarations.ts): its route, menu
 * place and who may open it go into the build's manifest (contributionsOf), its loader into the
 * exposed `./pages` (pagesOf, ui/lazy-page.tsx). Data only: the build imports it in Node, where
 * `load` is never called.
 */
export interface PageDeclaration {
  /** Route pattern, from appRoutes: '/loans', '/viewloan/:id'. */
  readonly path: string;
  /** The page's name in the browser tab. */
  readonly title: string;
  /** The heading painted while the page's code loads (the page renders the same). */
  readonly heading?: string;
  readonly menu?: PageMenuPlacement;
  /** The action of PERMISSIONS whose roles may open it; everyone signed in when absent. */
  readonly permission?: Action;
  /** The page's own chunk: `() => import(/* webpackChunkName: "…" *\/ './features/…')`. */
  readonly load: () => Promise<{ default: ComponentType }>;
}

function routeOf(page: PageDeclaration): RemoteRouteDeclaration {
  return {
    path: page.path,
    title: page.title,
    ...(page.heading ? { heading: page.heading } : {}),
    ...(page.permission ? { roles: rolesFor(page.permission) } : {}),
  };
}

/** What a remote contributes to the product (its manifest's routes, menu and tags), from its pages. */
export function contributionsOf(
  pages: readonly PageDeclaration[],
  tags: readonly string[],
): RemoteContributions {
  // Groups in the order their first page is declared; the shell orders them by key anyway.
  const groups = new Map<string, RemoteMenuGroup>();
  for (const page of pages) {
    if (!page.menu) continue;
    const { key, label, icon, section, order } = page.menu.group;
    const known = groups.get(key);
    if (
      known &&
      (known.label !== label || known.icon !== icon || known.section !== section || known.order !== order)
    )
      throw new Error(`${page.path}: the menu group "${key}" is declared twice, differently`);
    const group: RemoteMenuGroup = known ?? { key, section, label, icon, order };
    if ('groupLink' in page.menu) group.path = page.path;
    else {
      const { label: itemLabel, order: itemOrder, alsoActiveOn } = page.menu;
      group.items = [
        ...(group.items ?? []),
        {
          label: itemLabel,
          path: page.path,
          order: itemOrder,
          ...(alsoActiveOn ? { alsoActiveOn: [...alsoActiveOn] } : {}),
        },
      ].sort((a, b) => a.order - b.order);
    }
    groups.set(key, group);
  }
  return { routes: pages.map(routeOf), menu: [...groups.values()], tags: [...tags] };
}
