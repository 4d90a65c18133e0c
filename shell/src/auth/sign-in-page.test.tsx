import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockFetch, renderApp, testAdmin } from '../testing/render-app';

jest.mock('../remotes/load-remote-pages', () => ({
  loadRemotePages: jest.fn(async () => ({ pages: { '/': () => <h1>Dashboard</h1> } })),
  prepareRetry: jest.fn(),
  RemoteLoadError: class extends Error {},
}));

afterEach(() => jest.restoreAllMocks());

function fillAndSubmit(email = 'admin@lender.local', password = 'secret-pass') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const loginAnswer = {
  message: 'Login successful',
  access_token: 'jwt-from-server',
  expires_at: Date.now() + 3_600_000,
  user: { ...testAdmin },
};

describe('sign-in page', () => {
  it('shows the texts of the specification', () => {
    renderApp({ route: '/signin' });
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Enter your email and password to sign in!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      screen.getByText('Welcome back! Sign in to your account to manage customers, loans and repayments.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });

  it('stars both fields as required and shows no validation message on an empty submit', async () => {
    const { spy } = mockFetch([{ method: 'POST', path: '/api/users/login', status: 401, body: {} }]);
    renderApp({ route: '/signin' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('shows and hides the password with a named toggle', () => {
    renderApp({ route: '/signin' });
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("says 'Submitting, please wait...' while the request runs", async () => {
    let answer: (response: Response) => void = () => {};
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp({ route: '/signin' });
    fillAndSubmit();
    expect(await screen.findByRole('button', { name: /Submitting, please wait\.\.\./ })).toBeInTheDocument();
    await act(async () => answer(new Response(JSON.stringify({ message: 'Invalid' }), { status: 401 })));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the server's message in bold red above the button", async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/users/login',
        status: 401,
        body: { message: 'Invalid email or password' },
      },
    ]);
    renderApp({ route: '/signin' });
    fillAndSubmit();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Invalid email or password');
    expect(failure).toHaveClass('ant-typography-danger');
    expect(failure.querySelector('strong')).not.toBeNull();
    // Above the button.
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(failure.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("shows the server's message on a 429, which says when to try again", async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/users/login',
        status: 429,
        body: { message: 'Too many sign-in attempts. Try again in 15 minutes.', retryAfterSeconds: 900 },
      },
    ]);
    renderApp({ route: '/signin' });
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
  });

  it("says 'Login failed' when the answer has no token", async () => {
    mockFetch([{ method: 'POST', path: '/api/users/login', body: { user: testAdmin } }]);
    renderApp({ route: '/signin' });
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("says 'Login failed' for a failed answer without a message", async () => {
    mockFetch([{ method: 'POST', path: '/api/users/login', status: 500, body: {} }]);
    renderApp({ route: '/signin' });
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it("shows a thrown error's message", async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp({ route: '/signin' });
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch$/);
  });

  it('stores the session and goes to the dashboard on success', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/users/login', body: loginAnswer },
      {
        path: '/api/users/1',
        body: [{ ...testAdmin, is_active: true, created_at: '', last_login_at: null }],
      },
    ]);
    renderApp({ route: '/signin' });
    fillAndSubmit('admin@lender.local', 'secret-pass');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address bar' })).toHaveTextContent(/^\/$/);
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/users/login',
      body: { email: 'admin@lender.local', password: 'secret-pass' },
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 1, role: 'admin' });
    expect(localStorage.getItem('access_token')).toBe('jwt-from-server');
    expect(localStorage.getItem('token')).toBe('jwt-from-server');
    expect(localStorage.getItem('access_token_expiry')).toBe(String(loginAnswer.expires_at));
    expect(localStorage.getItem('userId')).toBe('1');
    // The header now shows the signed-in user's menu.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: /User menu/ })).toBeInTheDocument();
  });
});
