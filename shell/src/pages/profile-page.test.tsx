import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp, testAdmin } from '../testing/render-app';

afterEach(() => jest.restoreAllMocks());

const storedUser = { ...testAdmin, id: 7 };
const serverUser = {
  id: 7,
  first_name: 'Amina',
  last_name: 'Odhiambo',
  email: 'amina@simucredit.co.ke',
  role: 'admin',
  avatar: null,
  is_active: true,
  created_at: '2026-01-05T08:00:00Z',
  last_login_at: '2026-11-22T06:15:00Z',
};

async function renderProfile() {
  const fetched = mockFetch([{ path: '/api/users/7', body: [serverUser] }]);
  renderApp({ route: '/profile', user: storedUser });
  await screen.findByText('amina@simucredit.co.ke');
  return fetched;
}

describe('profile page', () => {
  it('shows the user fetched with the id stored under userId, and the real last sign-in in Nairobi time', async () => {
    const { calls } = await renderProfile();
    expect(calls.some((call) => call.url === '/api/users/7')).toBe(true);
    const details = screen.getByText('Personal Information').closest('.ant-descriptions') as HTMLElement;
    for (const [label, value] of [
      ['First Name', 'Amina'],
      ['Last Name', 'Odhiambo'],
      ['Email address', 'amina@simucredit.co.ke'],
      ['Role', 'Admin'],
      ['Last Login', '22 Nov 2026, 09:15'],
    ]) {
      expect(within(details).getByText(label as string)).toBeInTheDocument();
      expect(within(details).getByText(value as string)).toBeInTheDocument();
    }
  });

  it('opens Edit Information with sample values; Close and Save Changes close it and send nothing', async () => {
    const { calls } = await renderProfile();
    const requestsBefore = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Information')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Wanjiru');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(requestsBefore);
  });

  it('closes Edit Information on Escape', async () => {
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes Edit Information on a click on the backdrop', async () => {
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const backdrop = dialog.closest('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.mouseUp(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
