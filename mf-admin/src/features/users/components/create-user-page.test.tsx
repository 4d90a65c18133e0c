import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockFetch,
  renderWithProviders,
  type FetchRoute,
} from '@lender/shared/testing/render-with-providers.tsx';
import { buildUser } from '@lender/shared/testing/user-builders.ts';
import CreateUserPage from './create-user-page';

type Person = ReturnType<typeof userEvent.setup>;

const REGISTER = { method: 'POST', path: '/api/users/register' };

function renderCreateUser(options: { signedIn?: boolean } = {}) {
  return renderWithProviders(<CreateUserPage />, {
    route: '/signup',
    path: '/signup',
    ...(options.signedIn === false ? { user: null } : {}),
  });
}

async function enter(user: Person, label: string, value: string) {
  await user.type(screen.getByLabelText(label), value);
}

async function fillInForm(user: Person, { avatar }: { avatar?: File } = {}) {
  await enter(user, 'First Name', 'Wanjiru');
  await enter(user, 'Last Name', 'Kamau');
  await enter(user, 'Email', 'wanjiru@lender.local');
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: 'Officer' }));
  await enter(user, 'Password', 'correct-horse-9');
  if (avatar) await user.upload(screen.getByLabelText('Avatar'), avatar);
}

/** With the server answering `answer`, renders the page, fills in the form and submits it. */
async function submitAnswered(answer: Omit<FetchRoute, 'method' | 'path'>, options?: { signedIn?: boolean }) {
  const user = userEvent.setup({ delay: null });
  const mocked = mockFetch([{ ...REGISTER, ...answer }]);
  renderCreateUser(options);
  await fillInForm(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return mocked;
}

describe('Create user', () => {
  it('sends the details and the avatar as multipart, then says so and goes to All Users', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, spy } = mockFetch([
      { ...REGISTER, status: 201, body: { message: 'User created successfully', user: buildUser() } },
    ]);
    renderCreateUser();

    expect(screen.getByText('Select your role')).toBeInTheDocument();
    await fillInForm(user, { avatar: new File(['png-bytes'], 'wanjiru.png', { type: 'image/png' }) });
    expect(await screen.findByText('wanjiru.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(await screen.findByText('elsewhere')).toBeInTheDocument(); // navigated away from /signup
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/users/register' });
    const sent = await (spy.mock.calls[0]?.[0] as Request).formData();
    expect(Object.fromEntries([...sent.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      email: 'wanjiru@lender.local',
      role: 'officer',
      password: 'correct-horse-9',
    });
    const avatar = sent.get('avatar') as File;
    expect(avatar.name).toBe('wanjiru.png');
    expect(avatar.type).toBe('image/png');
  });

  it('sends no avatar part when no image was chosen', async () => {
    const { spy } = await submitAnswered({ status: 201, body: { message: 'ok', user: buildUser() } });

    await screen.findByText('User created successfully');
    const sent = await (spy.mock.calls[0]?.[0] as Request).formData();
    expect(sent.has('avatar')).toBe(false);
  });

  it('refuses an avatar that is not an image', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderCreateUser();

    await user.upload(
      screen.getByLabelText('Avatar'),
      new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' }),
    );

    expect(await screen.findByText('The avatar must be an image file.')).toBeInTheDocument();
    expect(screen.queryByText('contract.pdf')).not.toBeInTheDocument();
  });

  it('refuses without a stored token, with "You are not authorized " and nothing sent', async () => {
    const { calls } = await submitAnswered({ status: 201, body: {} }, { signedIn: false });

    expect(
      await screen.findByText('You are not authorized ', {
        normalizer: getDefaultNormalizer({ trim: false }),
      }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('does not send an empty form', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([{ ...REGISTER, status: 201, body: {} }]);
    renderCreateUser();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Every required field's message at once.
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('tells the staff member why the server refused, e.g. an e-mail already in use', async () => {
    await submitAnswered({ status: 409, body: { message: 'A user with this email already exists' } });

    expect(await screen.findByText('A user with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('wanjiru@lender.local'); // nothing typed is lost
  });

  it("shows a validation failure's first field message", async () => {
    await submitAnswered({
      status: 400,
      body: {
        message: 'Invalid request',
        errors: [{ field: 'email', msg: 'Email must be a valid e-mail address' }],
      },
    });

    // Under the field it names, and in the toast.
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Email must be a valid e-mail address',
      ),
    );
    expect(screen.getAllByText('Email must be a valid e-mail address')).toHaveLength(2);
  });

  it('says "You are not authorized" when the answer carries an error field', async () => {
    await submitAnswered({ status: 403, body: { message: 'Forbidden', error: 'Forbidden' } });

    expect(await screen.findByText('You are not authorized')).toBeInTheDocument();
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });

  it('falls back to the unexpected-error text when the server fails', async () => {
    await submitAnswered({ status: 500, body: { message: 'Internal Server Error' } });

    await waitFor(() =>
      expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument(),
    );
  });
});
