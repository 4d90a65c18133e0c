import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emulateScreenWidth } from '@lender/shared/testing/screen-width.ts';
import { goToSignInPage } from '../auth/sign-in-navigation';
import { loadRemotePages } from '../remotes/load-remote-pages';
import { addressBar, mockFetch, renderApp, testAdmin, testOfficer } from '../testing/render-app';

jest.mock('../auth/sign-in-navigation');

jest.mock('../remotes/load-remote-pages', () => ({
  loadRemotePages: jest.fn(async () => ({
    pages: {
      '/': () => <h1>Dashboard</h1>,
      '/due-today': () => <h1>Due Today</h1>,
      '/due-tommorrow': () => <h1>Due Tommorrow</h1>,
      '/all-users': () => <h1>All Users</h1>,
    },
  })),
  prepareRetry: jest.fn(),
}));

const row = (user: typeof testAdmin) => ({
  ...user,
  last_name: 'Odhiambo',
  is_active: true,
  created_at: '2026-01-05T08:00:00Z',
  last_login_at: null,
});

// A laptop's screen unless a test says otherwise (the menu turns into an overlay at 991px and below).
beforeEach(() => {
  emulateScreenWidth(1280);
  jest.mocked(goToSignInPage).mockClear();
});
afterEach(() => jest.restoreAllMocks());

async function renderSignedIn(user = testAdmin, route = '/') {
  mockFetch([{ path: `/api/users/${user.id}`, body: [row(user)] }]);
  const view = renderApp({ route, user });
  await screen.findByRole('banner');
  return view;
}

describe('layout', () => {
  it('starts with a "Skip to main content" link that moves focus to the main region', async () => {
    await renderSignedIn();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    // First in the document order, so the first Tab reaches it.
    const focusable = document.querySelectorAll('a[href], button, input, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('titles the tab after the page, and again on navigation', async () => {
    await renderSignedIn(testAdmin, '/due-today');
    await waitFor(() => expect(document.title).toBe('Due Today · Simu Credit'));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await act(async () => {
      fireEvent.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    });
    await waitFor(() => expect(document.title).toBe('Dashboard · Simu Credit'));
  });

  it('shows the header user menu with the fetched name and e-mail, View Profile and Sign out', async () => {
    await renderSignedIn();
    const trigger = await screen.findByRole('button', { name: 'User menu: Amina Odhiambo' });
    expect(within(trigger).getByRole('img', { name: 'Amina Odhiambo' })).toHaveAttribute(
      'src',
      expect.stringContaining('data:image/svg+xml'),
    );
    fireEvent.click(trigger);
    expect(await screen.findByText('admin@lender.local')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'View Profile' }));
    });
    await waitFor(() => expect(addressBar()).toHaveTextContent('/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('signs out on the server, then from the browser, and goes to /signin', async () => {
    const user = testAdmin;
    const { calls } = mockFetch([
      { path: `/api/users/${user.id}`, body: [row(user)] },
      { method: 'POST', path: '/api/users/logout', body: { message: 'Signed out' } },
    ]);
    renderApp({ route: '/', user });
    fireEvent.click(await screen.findByRole('button', { name: /User menu/ }));
    fireEvent.click(await screen.findByText('Sign out'));
    await waitFor(() => expect(addressBar()).toHaveTextContent(/^\/signin$/));
    // The static sign-in page, with a full page load.
    expect(goToSignInPage).toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/users/logout' }));
  });

  it('collapses and expands the sidebar with the header toggle', async () => {
    await renderSignedIn();
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(sidebar).toHaveStyle({ width: '290px' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveStyle({ width: '90px' });
    // A collapsed sidebar expands while hovered.
    fireEvent.mouseEnter(sidebar as HTMLElement);
    expect(sidebar).toHaveStyle({ width: '290px' });
    fireEvent.mouseLeave(sidebar as HTMLElement);
    expect(sidebar).toHaveStyle({ width: '90px' });
  });

  it('opens the menu as an overlay below 991px, closed by a click on the backdrop', async () => {
    emulateScreenWidth(390);
    await renderSignedIn();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menu).toBeVisible();
    const mask = document.querySelector('.ant-drawer-mask');
    fireEvent.click(mask as Element);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });

  it('focuses the search box with Ctrl+K and finds pages by name', async () => {
    await renderSignedIn();
    const search = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(search).toHaveFocus();
    fireEvent.change(search, { target: { value: 'Due' } });
    const listbox = await screen.findByRole('listbox');
    const shown = Array.from(listbox.parentElement?.querySelectorAll('.ant-select-item-option') ?? []);
    expect(shown.map((option) => option.textContent)).toEqual([
      'Due Today · Loans',
      'Due Tommorrow · Loans',
      'Due 2-7 days · Loans',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByText('Due Tommorrow · Loans'));
    });
    await waitFor(() => expect(addressBar()).toHaveTextContent('/due-tommorrow'));
    expect(await screen.findByRole('heading', { name: 'Due Tommorrow' })).toBeInTheDocument();
  });

  it('finds customers, loans and repayments of the book once typing pauses, grouped, and opens the chosen one', async () => {
    mockFetch([
      { path: `/api/users/${testOfficer.id}`, body: [row(testOfficer)] },
      {
        path: /^\/api\/search\?q=achieng$/,
        body: {
          customers: [{ id: 3, name: 'Achieng Odhiambo', phone: '+254712345678', national_id: '28765432' }],
          loans: [
            {
              id: 7,
              account_number: 'K7X4M2Q',
              customer_name: 'Achieng Odhiambo',
              model: 'Tecno Spark 20',
              imei: '356938035643809',
              status: 'active',
            },
          ],
          repayments: [],
        },
      },
    ]);
    renderApp({ route: '/', user: testOfficer });
    await screen.findByRole('banner');
    const search = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.focus(search);
    const box = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'achieng' } });
    const loan = await screen.findByText(
      'K7X4M2Q · Achieng Odhiambo · Tecno Spark 20 · IMEI 356938035643809',
    );
    expect(screen.getByText('Achieng Odhiambo · +254712345678 · ID 28765432')).toBeInTheDocument();
    const groups = Array.from(document.querySelectorAll('.ant-select-item-group')).map((g) => g.textContent);
    expect(groups).toEqual(['Customers', 'Loans']);
    await act(async () => {
      fireEvent.click(loan);
    });
    await waitFor(() => expect(addressBar()).toHaveTextContent('/viewloan/7'));
  });

  it('marks the menu item of the current route as active', async () => {
    await renderSignedIn(testOfficer, '/due-today');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const active = within(menu).getByRole('link', { name: 'Due Today' }).closest('li');
    expect(active).toHaveClass('ant-menu-item-selected');
  });

  it('scrolls to the top on every route change', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await renderSignedIn(testOfficer, '/due-today');
    scrollTo.mockClear();
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
          name: 'Dashboard',
        }),
      );
    });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('focuses the notifications region with Alt+T', async () => {
    await renderSignedIn();
    const region = screen.getByRole('region', { name: 'Notifications' });
    act(() => {
      fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
    });
    expect(region).toHaveFocus();
  });

  it('tells an officer on an admin route they have no access, without loading its remote', async () => {
    await renderSignedIn(testOfficer, '/all-users');
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(jest.mocked(loadRemotePages).mock.calls.map(([remote]) => remote)).not.toContain('mf_admin');
  });
});
