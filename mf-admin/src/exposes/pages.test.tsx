import { expectExposedPage } from '@lender/shared/testing/exposed-page.tsx';
import { pages } from './pages';

describe('mf_admin pages', () => {
  it('shows the targets page at /targets', async () => {
    await expectExposedPage(pages, '/targets', [{ path: '/api/targets', body: [] }], {
      heading: 'Monthly Targets',
      button: 'Save',
    });
  });
});
