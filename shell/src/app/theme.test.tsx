import { screen } from '@testing-library/react';
import { expectToggleSwitchesTheme } from '@lender/shared/testing/theme-toggle.ts';
import { mockFetch, renderApp, testAdmin } from '../testing/render-app';

const userRow = { ...testAdmin, is_active: true, created_at: '2026-01-05T08:00:00Z', last_login_at: null };

/** The app signed in, on a page of its own (the sign-in page has its own toggle: sign-in/). */
async function renderSignedIn() {
  mockFetch([{ path: '/api/users/1', body: [userRow] }]);
  renderApp({ route: '/profile', user: testAdmin });
  return screen.findByRole('button', { name: 'Toggle theme' });
}

afterEach(() => jest.restoreAllMocks());

describe('theme', () => {
  it('starts light and toggles the dark class on the page root, saving the choice', async () => {
    const toggle = await renderSignedIn();
    expect(document.documentElement).not.toHaveClass('dark');
    expectToggleSwitchesTheme(toggle);
  });

  it('applies a stored dark theme on load', async () => {
    localStorage.setItem('theme', 'dark');
    await renderSignedIn();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('treats anything but "dark" as light', async () => {
    localStorage.setItem('theme', 'purple');
    await renderSignedIn();
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
