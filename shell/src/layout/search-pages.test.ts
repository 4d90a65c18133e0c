import type { Role } from '@lender/shared/domain/roles';
import { loadTestCatalogs } from '../testing/remotes-config';
import { pagesFor } from './menu-entries';
import { searchPages } from './search-pages';

const catalogsOf = loadTestCatalogs();
const pages = (role: Role) => pagesFor(role, catalogsOf()[role]);

describe('header search of the menu pages', () => {
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
