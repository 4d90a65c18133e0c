import { useState } from 'react';
import { Link, useLocation } from '@lender/shared/client/router';
import type { Role } from '@lender/shared/domain/roles';
import { Menu, type MenuProps } from '@lender/shared/ui/antd-frame';
import { useRemoteCatalog } from '../remotes/remote-catalog';
import { activeMenuItem } from './active-menu-item';
import { menuFor, type MenuEntry } from './menu-entries';

type Items = NonNullable<MenuProps['items']>;

function toItems(entries: MenuEntry[], collapsed: boolean): Items {
  const sections: Items = [];
  for (const section of ['Menu', 'Others', 'Admin'] as const) {
    const inSection = entries.filter((entry) => entry.section === section);
    if (inSection.length === 0) continue;
    sections.push({
      type: 'group',
      key: `section-${section}`,
      label: collapsed ? null : section,
      children: inSection.map((entry) => {
        const Icon = entry.icon;
        if (entry.path) {
          return {
            key: entry.path,
            icon: <Icon aria-hidden />,
            label: <Link to={entry.path}>{entry.label}</Link>,
          };
        }
        return {
          key: entry.key,
          icon: <Icon aria-hidden />,
          label: entry.label,
          children: (entry.items ?? []).map((item) => ({
            key: item.path,
            label: <Link to={item.path}>{item.label}</Link>,
          })),
        };
      }),
    });
  }
  return sections;
}

interface SidebarMenuProps {
  role: Role | null;
  collapsed?: boolean;
  /** Called after a link is chosen (closes the mobile overlay). */
  onNavigate?: () => void;
}

/** The role-filtered menu; the active item and the open group follow the route. */
export function SidebarMenu({ role, collapsed = false, onNavigate }: SidebarMenuProps) {
  const { pathname } = useLocation();
  const loaded = useRemoteCatalog(role);
  const catalog = loaded?.status === 'ready' ? loaded.catalog : null;
  const active = activeMenuItem(pathname, role, catalog);
  const [openKeys, setOpenKeys] = useState<string[]>(active?.group ? [active.group] : []);
  // Opening the group of the route when the route changes, or once the menu has arrived (not on
  // every render: the user may close it).
  const seen = `${pathname}#${active?.group ?? ''}`;
  const [routeSeen, setRouteSeen] = useState(seen);
  if (routeSeen !== seen) {
    setRouteSeen(seen);
    if (active?.group && !openKeys.includes(active.group)) setOpenKeys([...openKeys, active.group]);
  }

  return (
    <nav aria-label="Main menu">
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={toItems(menuFor(role, catalog), collapsed)}
        selectedKeys={active ? [active.path] : []}
        openKeys={collapsed ? [] : openKeys}
        onOpenChange={setOpenKeys}
        onClick={() => onNavigate?.()}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
