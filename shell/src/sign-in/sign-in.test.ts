import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { expectToggleSwitchesTheme } from '@lender/shared/testing/theme-toggle.ts';
import { testAdmin } from '../testing/render-app';
import { signInMarkup, THEME_SCRIPT } from './markup';
import { startSignInPage } from './sign-in';

const loginAnswer = {
  message: 'Login successful',
  access_token: 'jwt-from-server',
  expires_at: Date.now() + 3_600_000,
  user: { ...testAdmin },
};

/** Sign-in calls the test answers (POST /api/users/login), one answer each. */
function answerLogin(...answers: (Response | Error | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push({ url: String(input), init });
    const answer = answers.shift() ?? new Response('{}', { status: 500 });
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return calls;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The built page's body in jsdom, with its script started; navigations are recorded. */
function openPage(prefetch: string[] = []) {
  document.body.innerHTML = signInMarkup({ prefetch });
  const navigate = jest.fn<void, [string]>();
  startSignInPage(document, { navigate });
  return { navigate };
}

function fillAndSubmit(email = 'admin@lender.local', password = 'secret-pass') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  document.head.querySelectorAll('link[rel=prefetch]').forEach((link) => link.remove());
});

describe('static sign-in page', () => {
  it('shows the texts of the specification, every field labelled and starred as required', () => {
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Enter your email and password to sign in!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    expect(
      screen.getByText('Welcome back! Sign in to your account to manage customers, loans and repayments.'),
    ).toBeInTheDocument();
    // The branded panel's logo links to /, and so does the small-screen logo.
    const panel = screen.getByRole('complementary', { name: 'Simu Credit' });
    expect(within(panel).getByRole('link', { name: 'Simu Credit home' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('link', { name: 'Simu Credit home' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows and hides the password with a named toggle', () => {
    openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('sends an empty form too (no client-side check) and shows the answer', async () => {
    const calls = answerLogin(json({}, 401));
    openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ email: '', password: '' });
  });

  it("says 'Submitting, please wait...' while the request runs", async () => {
    let answer: (response: Response) => void = () => {};
    answerLogin(new Promise<Response>((resolve) => (answer = resolve)));
    openPage();
    fillAndSubmit();
    const busy = screen.getByRole('button', { name: 'Submitting, please wait...' });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Submitting, please wait...');
    answer(json({ message: 'Invalid email or password' }, 401));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("shows the server's message in bold above the button, and stores nothing", async () => {
    answerLogin(json({ message: 'Invalid email or password' }, 401));
    openPage();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password'));
    const failure = screen.getByRole('alert');
    expect(failure.querySelector('strong')).toHaveTextContent('Invalid email or password');
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(failure.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it("shows the server's message on a 429, which says when to try again", async () => {
    const message = 'Too many sign-in attempts. Try again in 15 minutes.';
    answerLogin(json({ message, retryAfterSeconds: 900 }, 429));
    openPage();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
  });

  it("says 'Login failed' for an answer without a token, a failure without a message, or no JSON", async () => {
    answerLogin(
      json({ user: testAdmin }),
      json({}, 500),
      new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    openPage();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      fillAndSubmit();
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Login failed$/));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    }
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("shows a thrown error's message, or 'An unexpected error occurred'", async () => {
    answerLogin(new TypeError('Failed to fetch'), new Error(''));
    openPage();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to fetch$/));
    fillAndSubmit();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/^An unexpected error occurred$/),
    );
  });

  it('stores the session as the shell reads it and loads the dashboard', async () => {
    const calls = answerLogin(json(loginAnswer));
    const { navigate } = openPage();
    const submittedAt = Date.now();
    fillAndSubmit('admin@lender.local', 'secret-pass');

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(calls[0]?.url).toBe('/api/users/login');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      email: 'admin@lender.local',
      password: 'secret-pass',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 1, role: 'admin' });
    expect(localStorage.getItem('access_token')).toBe('jwt-from-server');
    expect(localStorage.getItem('token')).toBe('jwt-from-server');
    // An hour from the request on this device's clock, whatever the server's clock says.
    const expiry = Number(localStorage.getItem('access_token_expiry'));
    expect(expiry).toBeGreaterThanOrEqual(submittedAt + 3_600_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(localStorage.getItem('userId')).toBe('1');
    // Busy until the dashboard's page load replaces this one.
    expect(screen.getByRole('button', { name: 'Submitting, please wait...' })).toBeDisabled();
  });

  it('sends a visitor still signed in straight on to /', () => {
    localStorage.setItem('access_token', 'still-valid');
    localStorage.setItem('access_token_expiry', String(Date.now() + 60_000));
    localStorage.setItem('user', JSON.stringify(testAdmin));
    const { navigate } = openPage();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('says why when an ended session sent the person here, and nothing otherwise', () => {
    openPage();
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();

    window.history.replaceState(null, '', '/signin?session=expired');
    try {
      openPage();
      expect(screen.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('stays for an expired stored session', () => {
    localStorage.setItem('access_token', 'old');
    localStorage.setItem('access_token_expiry', String(Date.now() - 1000));
    localStorage.setItem('user', JSON.stringify(testAdmin));
    const { navigate } = openPage();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toggles the theme on the page root and saves it; the head script applies it before paint', () => {
    openPage();
    expectToggleSwitchesTheme(screen.getByRole('button', { name: 'Toggle theme' }));

    const runHeadScript = new Function(THEME_SCRIPT) as () => void;
    localStorage.setItem('theme', 'dark');
    runHeadScript();
    expect(document.documentElement).toHaveClass('dark');
    document.documentElement.className = '';
    localStorage.setItem('theme', 'purple');
    runHeadScript();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('focuses the notifications with Alt+T', () => {
    openPage();
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveFocus();
  });

  it("prefetches the app's first scripts once the person starts on the form, not on load", () => {
    openPage(['/main.js', '/vendor.1a2b3c4d.js']);
    const prefetched = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) =>
        link.getAttribute('href'),
      );
    expect(prefetched()).toEqual([]);
    screen.getByLabelText('Email').focus();
    expect(prefetched()).toEqual(['/main.js', '/vendor.1a2b3c4d.js']);
    screen.getByLabelText('Password').focus();
    expect(prefetched()).toHaveLength(2);
  });
});
