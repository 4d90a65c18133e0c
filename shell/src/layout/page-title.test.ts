import { renderHook } from '@testing-library/react';
import type { Role } from '@lender/shared/domain/roles';
import { pageTitle } from '../app/lender';
import type { Catalog } from '../remotes/remote-catalog';
import { testCatalogs } from '../testing/remotes-config';
import { pageName, usePageTitle } from './page-title';

let catalogs: Record<Role, Catalog>;
beforeAll(async () => {
  catalogs = await testCatalogs();
});
const name = (path: string, role: Role) => pageName(path, role, catalogs[role]);

describe('page titles', () => {
  it('names each remote page as its remote declares it, a loan by its kind', () => {
    expect(name('/', 'admin')).toBe('Dashboard');
    expect(name('/loans', 'officer')).toBe('Active Loans');
    expect(name('/loans/', 'officer')).toBe('Active Loans');
    expect(name('/viewloan/42', 'officer')).toBe('Loan');
    expect(name('/all-users', 'admin')).toBe('All Users');
  });

  it('names the shell pages, a page closed to the role and an unknown path', () => {
    expect(name('/profile', 'officer')).toBe('Profile');
    expect(name('/all-users', 'officer')).toBe('No access');
    expect(name('/add-product', 'officer')).toBe('No access');
    expect(name('/no-such-page', 'admin')).toBe('Page not found');
    expect(pageName('/loans', 'admin', null)).toBe('Loading');
  });

  it('sets document.title and follows the route', () => {
    const { rerender } = renderHook(({ path }) => usePageTitle(path, 'admin', catalogs.admin), {
      initialProps: { path: '/customers' },
    });
    expect(document.title).toBe('All Customers · Simu Credit');
    rerender({ path: '/targets' });
    expect(document.title).toBe(pageTitle('Monthly Targets'));
  });
});
