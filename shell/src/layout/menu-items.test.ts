import { activeMenuItem, MENU, menuFor, pagesFor, searchPages } from './menu-items';

const labels = (role: 'admin' | 'officer') => pagesFor(role).map((page) => page.label);

describe('sidebar menu table', () => {
  it('lists the specified items in the specified order, with the added ones after them', () => {
    expect(MENU.map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Customers',
      'Loans',
      'Repayments',
      'Loan Products',
      'Reports',
      'Users',
    ]);
    expect(pagesFor('admin').map(({ label, path }) => `${label} ${path}`)).toEqual([
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

  it('shows the Users group to an admin only', () => {
    expect(menuFor('admin').some((entry) => entry.label === 'Users')).toBe(true);
    expect(menuFor('officer').some((entry) => entry.label === 'Users')).toBe(false);
    expect(labels('officer')).not.toContain('Add User');
    expect(labels('officer')).not.toContain('All Users');
    expect(labels('officer')).toContain('Due Tommorrow');
  });

  it('offers Add Product to admins only, as the server allows (issue 11)', () => {
    expect(labels('admin')).toContain('Add Product');
    expect(labels('officer')).not.toContain('Add Product');
    expect(labels('officer')).toContain('All Products');
    expect(pagesFor('officer').map((page) => page.path)).not.toContain('/add-product');
  });

  it('keeps the active item on the route, including a loan detail under Active Loans', () => {
    expect(activeMenuItem('/due-tommorrow', 'officer')).toEqual({ path: '/due-tommorrow', group: 'loans' });
    expect(activeMenuItem('/viewloan/12', 'officer')).toEqual({ path: '/loans', group: 'loans' });
    expect(activeMenuItem('/', 'officer')).toEqual({ path: '/', group: null });
    expect(activeMenuItem('/all-users', 'officer')).toBeNull();
    expect(activeMenuItem('/profile', 'admin')).toBeNull();
  });

  it('finds pages by name for the header search', () => {
    expect(searchPages(pagesFor('officer'), 'Due').map((page) => page.label)).toEqual([
      'Due Today',
      'Due Tommorrow',
      'Due 2-7 days',
    ]);
    expect(searchPages(pagesFor('officer'), 'users')).toEqual([]);
    expect(searchPages(pagesFor('admin'), 'users').map((page) => page.label)).toEqual([
      'All Users',
      'Add User',
      'Monthly Targets',
    ]);
    expect(searchPages(pagesFor('admin'), '  ')).toEqual([]);
  });
});
