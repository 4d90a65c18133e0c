import * as icons from '@lender/shared/ui/icons';
import { testRemotesConfig } from '../testing/remotes-config';
import { FALLBACK_MENU_ICON, MENU_ICONS } from './menu-icons';

// Every menu group of every remote's page declarations (page-declarations.ts, through the
// contributions their builds write into their manifests).
const named = testRemotesConfig().remotes.flatMap((remote) =>
  (remote.contributions?.menu ?? []).map((group) => ({
    remote: remote.name,
    group: group.label,
    icon: group.icon,
  })),
);

describe('menu icons', () => {
  it('reads the groups of all four remotes', () => {
    expect(new Set(named.map((entry) => entry.remote)).size).toBe(4);
    expect(named.map((entry) => entry.group)).toEqual(
      expect.arrayContaining(['Dashboard', 'Customers', 'Loans', 'Repayments', 'Loan Products', 'Users']),
    );
  });

  it.each(named)('$remote names $icon for $group: the shell has that icon, not the fallback', ({ icon }) => {
    expect(Object.keys(icons)).toContain(icon);
    expect(MENU_ICONS.get(icon)).toBe(icons[icon as keyof typeof icons]);
    if (icon !== 'AppstoreOutlined') expect(MENU_ICONS.get(icon)).not.toBe(FALLBACK_MENU_ICON);
  });

  it('gives each of the specified groups an icon of its own', () => {
    const own = named.filter((entry) => entry.remote !== 'mf_admin' || entry.group === 'Users');
    expect(new Set(own.map((entry) => entry.icon)).size).toBe(own.length);
  });
});
