import type { Role } from '@lender/shared/domain/roles';
import { loadTestCatalogs } from '../testing/remotes-config';
import { menuFor, pagesFor } from './menu-entries';

const catalogsOf = loadTestCatalogs();
const pages = (role: Role) => pagesFor(role, catalogsOf()[role]);
const labels = (role: Role) => pages(role).map((page) => page.label);

describe('sidebar menu, from what the remotes declare', () => {
  it('lists the specified items in the specified order, with the added ones after them', () => {
    expect(menuFor('admin', catalogsOf().admin).map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Customers',
      'Loans',
      'Repayments',
      'Loan Products',
      'Reports',
      'Users',
      'Devices & Messages',
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
      'Repossessed Phones /repossessed-phones',
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
      'Device Alerts /device-alerts',
      'Messaging /messaging',
    ]);
  });

  it('shows nothing before the catalog is there', () => {
    expect(menuFor('admin', null)).toEqual([]);
  });

  it('shows the Users group to an admin only, and never registers mf_admin for an officer', () => {
    expect(menuFor('admin', catalogsOf().admin).some((entry) => entry.label === 'Users')).toBe(true);
    expect(menuFor('officer', catalogsOf().officer).some((entry) => entry.label === 'Users')).toBe(false);
    expect(catalogsOf().officer.remotes.map((remote) => remote.name)).not.toContain('mf_admin');
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
});
