import { describeRemoteDeclaration } from '@lender/shared/testing/remote-declaration.ts';
import { appRoutes } from '@lender/shared/contract/routes';
import { contributions } from '../contributions';
import { pages } from './pages';

describeRemoteDeclaration(contributions, pages);

describe('the M-Pesa suspense page', () => {
  it('is for admins only, and its menu item follows All Repayments', () => {
    expect(contributions.routes.find((route) => route.path === appRoutes.mpesaSuspense)?.roles).toEqual([
      'admin',
    ]);
    const items = contributions.menu.find((group) => group.key === 'repayments')?.items ?? [];
    const all = items.find((item) => item.path === appRoutes.repayments);
    const suspense = items.find((item) => item.path === appRoutes.mpesaSuspense);
    expect(suspense).toMatchObject({ label: 'M-Pesa Suspense', order: 40 });
    expect(suspense!.order).toBeGreaterThan(all!.order);
  });
});
