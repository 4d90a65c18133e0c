import type { Role } from '@lender/shared/domain/roles';
import { loadTestCatalogs } from '../testing/remotes-config';
import { activeMenuItem } from './active-menu-item';

const catalogsOf = loadTestCatalogs();

describe('active menu item', () => {
  it('keeps the active item on the route, including a loan detail under Active Loans', () => {
    const active = (path: string, role: Role) => activeMenuItem(path, role, catalogsOf()[role]);
    expect(active('/due-tommorrow', 'officer')).toEqual({ path: '/due-tommorrow', group: 'loans' });
    expect(active('/viewloan/12', 'officer')).toEqual({ path: '/loans', group: 'loans' });
    expect(active('/', 'officer')).toEqual({ path: '/', group: null });
    expect(active('/all-users', 'officer')).toBeNull();
    expect(active('/profile', 'admin')).toBeNull();
  });
});
