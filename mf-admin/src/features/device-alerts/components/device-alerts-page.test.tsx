import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceAlert, DeviceCommand } from '@lender/shared/contract/device-lock';
import { mockFetch, refusal, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import DeviceAlertsPage from './device-alerts-page';

const refusedLock: DeviceCommand = {
  id: 7,
  loan_id: 41,
  account_number: 'K7M4Q2X',
  customer_name: 'Wanjiku Kamau',
  device_uid: '356938035643809',
  action: 'lock',
  reason: 'auto_lock',
  status: 'failed',
  attempts: 1,
  failing: true,
  last_error: '400 {"code":"4001","message":"Device not enrolled"}',
  message: 'Pay Ksh 1,250.00 to unlock',
  requested_by_name: null,
  created_at: '2026-11-22T04:00:00Z',
  next_attempt_at: null,
  sent_at: null,
  confirmed_at: null,
};
const retriedUnlock: DeviceCommand = {
  ...refusedLock,
  id: 8,
  loan_id: 42,
  account_number: 'P3D8W1Z',
  customer_name: 'Otieno Ouma',
  action: 'unlock',
  reason: 'arrears_cleared',
  status: 'queued',
  attempts: 4,
  last_error: 'The provider could not be reached (timeout after 10 s)',
  created_at: '2026-11-21T15:30:00Z',
};
const unlockedByHand: DeviceAlert = {
  loan_id: 43,
  account_number: 'M2N6B4V',
  customer_name: 'Achieng Njeri',
  device_uid: '490154203237518',
  alert: 'Reported Active while the loan has it locked',
  alert_at: '2026-11-20T09:45:00Z',
};

const pageOf = <Row,>(rows: Row[]) => ({
  data: rows,
  meta: { page: 1, pageSize: 10, total: rows.length, totalPages: rows.length ? 1 : 0 },
});
const failing = (rows: DeviceCommand[]) => ({ path: '/api/device-commands/failing', body: pageOf(rows) });
const alerts = (rows: DeviceAlert[]) => ({ path: '/api/device-commands/alerts', body: pageOf(rows) });
const tableNamed = (name: string) => screen.findByRole('table', { name });
const rowOf = async (table: HTMLElement, text: string) =>
  (await within(table).findByText(text)).closest('tr') as HTMLElement;

describe('Device Alerts', () => {
  it('lists the failing commands: loan (a link), customer, action, reason, status, attempts, the provider’s answer and when', async () => {
    mockFetch([failing([refusedLock, retriedUnlock]), alerts([])]);
    renderWithProviders(<DeviceAlertsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Device Alerts' })).toBeInTheDocument();
    const table = await tableNamed('Failing commands');
    const refused = await rowOf(table, 'Wanjiku Kamau');
    expect(within(refused).getByRole('link', { name: 'K7M4Q2X' })).toHaveAttribute('href', '/viewloan/41');
    for (const shown of [
      'Lock',
      'Automatic lock on the lock date',
      'Failed',
      '1',
      '400 {"code":"4001","message":"Device not enrolled"}',
      '22 Nov 2026, 07:00',
    ]) {
      expect(within(refused).getByText(shown)).toBeInTheDocument();
    }
    const queued = await rowOf(table, 'Otieno Ouma');
    for (const shown of ['Unlock', 'Arrears cleared', 'Queued', '4']) {
      expect(within(queued).getByText(shown)).toBeInTheDocument();
    }
    expect(within(queued).getByText(/could not be reached/)).toBeInTheDocument();
  });

  it('Retry posts the command’s retry, toasts the server’s answer and lists them again', async () => {
    const { calls } = mockFetch([
      failing([refusedLock, retriedUnlock]),
      alerts([]),
      {
        method: 'POST',
        path: '/api/device-commands/8/retry',
        body: { message: 'The command is sent again' },
      },
    ]);
    renderWithProviders(<DeviceAlertsPage />);
    const user = userEvent.setup({ delay: null });

    const table = await tableNamed('Failing commands');
    await rowOf(table, 'Otieno Ouma');
    await user.click(within(table).getByRole('button', { name: 'Retry unlock of P3D8W1Z' }));

    expect(await screen.findByText('The command is sent again')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/device-commands/8/retry',
    ]);
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/device-commands/failing?'))).toHaveLength(2),
    );
  });

  it('shows the server’s reason when a retry is refused', async () => {
    mockFetch([
      failing([refusedLock]),
      alerts([]),
      refusal('POST', '/api/device-commands/7/retry', 409, 'A later command for this phone replaced it'),
    ]);
    renderWithProviders(<DeviceAlertsPage />);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Retry lock of K7M4Q2X' }));
    expect(await screen.findByText('A later command for this phone replaced it')).toBeInTheDocument();
  });

  it('lists the phones in an unexpected state, and Dismiss clears an alert after a confirmation', async () => {
    const { calls } = mockFetch([
      failing([]),
      alerts([unlockedByHand]),
      { method: 'DELETE', path: '/api/loans/43/device-alert', body: { message: 'Alert dismissed' } },
    ]);
    renderWithProviders(<DeviceAlertsPage />);
    const user = userEvent.setup({ delay: null });

    const table = await tableNamed('Unexpected device states');
    const row = await rowOf(table, 'Achieng Njeri');
    expect(within(row).getByRole('link', { name: 'M2N6B4V' })).toHaveAttribute('href', '/viewloan/43');
    expect(within(row).getByText('490154203237518')).toBeInTheDocument();
    expect(within(row).getByText('Reported Active while the loan has it locked')).toBeInTheDocument();
    expect(within(row).getByText('20 Nov 2026, 12:45')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Dismiss alert of M2N6B4V' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this device alert?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    expect(await screen.findByText('Alert dismissed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/loans/43/device-alert',
    ]);
  });

  it('says when nothing is failing and no phone is in an unexpected state', async () => {
    mockFetch([failing([]), alerts([])]);
    renderWithProviders(<DeviceAlertsPage />);

    expect(
      await screen.findByText('No device command is failing: the provider has taken every command.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('No phone is in a state the product did not ask for.'),
    ).toBeInTheDocument();
  });

  it('pages through the failing commands on the server, apart from the alerts', async () => {
    const { calls } = mockFetch([
      {
        path: /^\/api\/device-commands\/failing\?page=1$/,
        body: { ...pageOf([refusedLock]), meta: { page: 1, pageSize: 10, total: 11, totalPages: 2 } },
      },
      {
        path: /^\/api\/device-commands\/failing\?page=2$/,
        body: { ...pageOf([retriedUnlock]), meta: { page: 2, pageSize: 10, total: 11, totalPages: 2 } },
      },
      alerts([unlockedByHand]),
    ]);
    renderWithProviders(<DeviceAlertsPage />);
    const user = userEvent.setup({ delay: null });

    const table = await tableNamed('Failing commands');
    await rowOf(table, 'Wanjiku Kamau');
    await user.click(screen.getByRole('button', { name: 'Next page of failing commands' }));

    expect(await rowOf(table, 'Otieno Ouma')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.url.startsWith('/api/device-commands/alerts')).map((c) => c.url),
    ).toEqual(['/api/device-commands/alerts?page=1']);
  });
});
