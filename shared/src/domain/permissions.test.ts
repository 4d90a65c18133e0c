import { can, PERMISSIONS, refusalOf, type Action } from './permissions';

describe('permission table', () => {
  it('lets admins do everything', () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) expect(can('admin', action)).toBe(true);
  });

  it('lets officers do only what docs/product.md#roles-and-scope allows them', () => {
    const officer = (Object.keys(PERMISSIONS) as Action[]).filter((action) => can('officer', action));
    expect(officer.sort()).toEqual([
      'applications.submit',
      'customers.register',
      // Issue 35: an officer messages their customers and records a customer's reminder choice.
      'customers.reminders',
      'loans.addNote',
      'messages.send',
      'repayments.record',
    ]);
  });

  it('lets nobody without a role do anything', () => {
    expect(can(null, 'applications.submit')).toBe(false);
    expect(can(undefined, 'repayments.record')).toBe(false);
  });

  it('words the server refusal as before', () => {
    expect(refusalOf('products.create')).toBe('Only admins can create loan products');
    expect(refusalOf('users.resetPassword')).toBe("Only admins can reset users' passwords");
    expect(refusalOf('customers.register')).toBe('Only admins and officers can register customers');
  });
});
