import type { Role } from '@lender/shared/domain/roles';
import type { Catalog } from '../remotes/remote-catalog';
import { testCatalogs } from '../testing/remotes-config';
import { activeMenuItem, menuFor, pagesFor, searchPages } from './menu-items';

let catalogs: Record<Role, Catalog>;
beforeAll(async () => {
  catalogs = await testCatalogs();
});

const pages = (role: Role) => pagesFor(role, catalogs[role]);
const labels = (role: Role) => pages(role).map((page) => page.label);

describe('sidebar menu, from what the remotes declare', () => {
  it('lists the specified items in the specified order, with the added ones after them', () => {
    expect(menuFor('admin', catalogs.admin).map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Customers',
      'Loans',
      'Repayments',
      'Loan Products',
      'Reports',
      'Users',
    ]);
    expect(pages('admin').map(({ label, path }) => `${label} ${path}`)).toEqual([
      'Dashboard /',
      'All Customers /customers',
      'Register Customer /register-customer',
      'Active Loans /loans',
      'Cleared Loans /paid-loans',
      'Due Today /due-today',
      'Due Tommorrow /due-tommorrow',
      'Due 2-7 days /due-2-7',
      'Defaulted /defaulted',
      'Pending Applications /pending-loans',
      'Rejected Applications /rejected-loans',
      'Pending Disbursement /pending-disbursement',
      'Pending Repayments /pending-repayments',
      'Approved Repayment /approved-repayments',
      'All Repayments /repayments',
      'M-Pesa Suspense /mpesa-suspense',
      'Add Product /add-product',
      'All Products /loan-products',
      'Loan Reports /loan-report',
      'Monthly Disbursement /monthly-active-loans',
      'Monthly Collection /monthly-approved-repayments',
      'Add User /signup',
      'All Users /all-users',
      'Monthly Targets /targets',
    ]);
  });

  it('shows nothing before the catalog is there', () => {
    expect(menuFor('admin', null)).toEqual([]);
  });

  it('shows the Users group to an admin only, and never registers mf_admin for an officer', () => {
    expect(menuFor('admin', catalogs.admin).some((entry) => entry.label === 'Users')).toBe(true);
    expect(menuFor('officer', catalogs.officer).some((entry) => entry.label === 'Users')).toBe(false);
    expect(catalogs.officer.remotes.map((remote) => remote.name)).not.toContain('mf_admin');
    expect(labels('officer')).not.toContain('Add User');
    expect(labels('officer')).not.toContain('All Users');
    expect(labels('officer')).toContain('Due Tommorrow');
  });

  it('offers Add Product to admins only, as the server allows (issue 11)', () => {
    expect(labels('admin')).toContain('Add Product');
    expect(labels('officer')).not.toContain('Add Product');
    expect(labels('officer')).toContain('All Products');
    expect(pages('officer').map((page) => page.path)).not.toContain('/add-product');
  });

  it('offers M-Pesa Suspense to admins only, as the server allows (issue 13)', () => {
    expect(labels('admin')).toContain('M-Pesa Suspense');
    expect(labels('officer')).not.toContain('M-Pesa Suspense');
    expect(pages('officer').map((page) => page.path)).not.toContain('/mpesa-suspense');
  });

  it('keeps the active item on the route, including a loan detail under Active Loans', () => {
    const active = (path: string, role: Role) => activeMenuItem(path, role, catalogs[role]);
    expect(active('/due-tommorrow', 'officer')).toEqual({ path: '/due-tommorrow', group: 'loans' });
    expect(active('/viewloan/12', 'officer')).toEqual({ path: '/loans', group: 'loans' });
    expect(active('/', 'officer')).toEqual({ path: '/', group: null });
    expect(active('/all-users', 'officer')).toBeNull();
    expect(active('/profile', 'admin')).toBeNull();
  });

  it('finds pages by name for the header search', () => {
    expect(searchPages(pages('officer'), 'Due').map((page) => page.label)).toEqual([
      'Due Today',
      'Due Tommorrow',
      'Due 2-7 days',
    ]);
    expect(searchPages(pages('officer'), 'users')).toEqual([]);
    expect(searchPages(pages('admin'), 'users').map((page) => page.label)).toEqual([
      'All Users',
      'Add User',
      'Monthly Targets',
    ]);
    expect(searchPages(pages('admin'), '  ')).toEqual([]);
  });
});
