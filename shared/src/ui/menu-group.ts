import type { RemoteMenuGroup } from '../contract/remote-manifest';

/** A menu link: its label and the route it opens. */
export type MenuLink = readonly [label: string, path: string];

/**
 * A remote's menu group of links, ordered as listed: 10, 20, 30… (the gaps let another remote's
 * item of the same group slot in between).
 */
export function menuGroup(
  group: Omit<RemoteMenuGroup, 'items' | 'path'>,
  links: MenuLink[],
): RemoteMenuGroup {
  return { ...group, items: links.map(([label, path], index) => ({ label, path, order: (index + 1) * 10 })) };
}
