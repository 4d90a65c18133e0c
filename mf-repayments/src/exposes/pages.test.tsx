import { buildPage } from '@lender/shared/testing/loan-builders.ts';
import { expectExposedPage } from '@lender/shared/testing/exposed-page.tsx';
import { pages } from './pages';

describe('mf_repayments pages', () => {
  it('shows the loan products page at /loan-products', async () => {
    await expectExposedPage(pages, '/loan-products', [{ path: '/api/loanProducts', body: [] }], {
      heading: 'Loan Products',
      text: 'No loan products yet.',
    });
  });

  it('shows the M-Pesa suspense page at /mpesa-suspense', async () => {
    const answers = [
      { path: '/api/mpesa/suspense', body: buildPage([]) },
      { path: '/api/mpesa/suspense/summary', body: { waiting: 0, amount: 0 } },
    ];
    await expectExposedPage(pages, '/mpesa-suspense', answers, {
      heading: 'M-Pesa Suspense',
      text: 'No payments are waiting.',
    });
  });
});
