import { renderHook } from '@testing-library/react';
import { pageName, pageTitle, usePageTitle } from './page-title';

describe('page titles', () => {
  it('names each remote page from the route table, a loan by its kind', () => {
    expect(pageName('/', 'admin')).toBe('Dashboard');
    expect(pageName('/loans', 'officer')).toBe('Active Loans');
    expect(pageName('/loans/', 'officer')).toBe('Active Loans');
    expect(pageName('/viewloan/42', 'officer')).toBe('Loan');
    expect(pageName('/all-users', 'admin')).toBe('All Users');
  });

  it('names the shell pages, a page closed to the role and an unknown path', () => {
    expect(pageName('/profile', 'officer')).toBe('Profile');
    expect(pageName('/all-users', 'officer')).toBe('No access');
    expect(pageName('/add-product', 'officer')).toBe('No access');
    expect(pageName('/no-such-page', 'admin')).toBe('Page not found');
  });

  it('sets document.title and follows the route', () => {
    const { rerender } = renderHook(({ path }) => usePageTitle(path, 'admin'), {
      initialProps: { path: '/customers' },
    });
    expect(document.title).toBe('All Customers · Simu Credit');
    rerender({ path: '/targets' });
    expect(document.title).toBe(pageTitle('Monthly Targets'));
  });
});
