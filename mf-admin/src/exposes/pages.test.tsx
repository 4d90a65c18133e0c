import { expectExposedPage } from '@lender/shared/testing/exposed-page.tsx';
import { pages } from './pages';

const emptyPage = { data: [], meta: { page: 1, pageSize: 10, total: 0, totalPages: 0 } };

describe('mf_admin pages', () => {
  it('shows the targets page at /targets', async () => {
    await expectExposedPage(pages, '/targets', [{ path: '/api/targets', body: [] }], {
      heading: 'Monthly Targets',
      button: 'Save',
    });
  });

  it('shows the device alerts page at /device-alerts', async () => {
    await expectExposedPage(
      pages,
      '/device-alerts',
      [
        { path: '/api/device-commands/failing', body: emptyPage },
        { path: '/api/device-commands/alerts', body: emptyPage },
      ],
      { heading: 'Device Alerts', text: 'No phone is in a state the product did not ask for.' },
    );
  });

  it('shows the messaging page at /messaging', async () => {
    await expectExposedPage(
      pages,
      '/messaging',
      [{ path: '/api/message-templates', body: { templates: [], placeholders: [] } }],
      { heading: 'Messaging', text: 'Placeholders' },
    );
  });
});
