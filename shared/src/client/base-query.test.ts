import { mockFetch, testAdmin } from '../../testing/render-with-providers';
import { createRemoteApi } from './create-remote-api';
import { USER_TEXTS } from '../contract/users';
import {
  lastActivityAt,
  noteActivity,
  passwordChangeRequired,
  readSession,
  saveSession,
  sessionEnded,
} from './session';
import { dynamicMiddleware, injectApi, makeStore } from './store';

// createRemoteApi's slice uses the shared base query.
const probeApi = createRemoteApi('baseQueryProbe').injectEndpoints({
  endpoints: (build) => ({
    whoAmI: build.query<{ ok: boolean }, void>({ query: () => '/probe' }),
    signIn: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/probe-login', method: 'POST', body: {} }),
      extraOptions: { public: true },
    }),
    save: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/probe', method: 'POST', body: {} }),
    }),
    renew: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/probe', method: 'POST', body: {} }),
      extraOptions: { background: true },
    }),
  }),
});
injectApi(probeApi);

// Every action any test store sees, including those the base query dispatches itself.
const seen: string[] = [];
dynamicMiddleware.addMiddleware(() => (next) => (action) => {
  seen.push((action as { type: string }).type);
  return next(action);
});

function storeRecordingActions() {
  seen.length = 0;
  return { store: makeStore(), seen };
}

afterEach(() => jest.restoreAllMocks());

describe('base query', () => {
  it('sends the stored token as a bearer token to the API base', async () => {
    saveSession(testAdmin, 'jwt-abc', Date.now() + 60_000);
    const { calls, spy } = mockFetch([{ path: '/api/probe', body: { ok: true } }]);
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.whoAmI.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/probe');
    const request = spy.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('authorization')).toBe('Bearer jwt-abc');
  });

  it('signs out and clears the session on a 401 from the server', async () => {
    saveSession(testAdmin, 'jwt-abc', Date.now() + 60_000);
    mockFetch([
      { path: '/api/probe', status: 401, body: { message: 'Token expired', error: 'Unauthorized' } },
    ]);
    const { store, seen } = storeRecordingActions();
    const result = await store.dispatch(probeApi.endpoints.whoAmI.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(seen).toContain(sessionEnded.type);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('sends nothing and signs out when the stored token has expired', async () => {
    saveSession(testAdmin, 'jwt-old', Date.now() - 1);
    const { spy } = mockFetch([{ path: '/api/probe', body: { ok: true } }]);
    const { store, seen } = storeRecordingActions();
    const result = await store.dispatch(probeApi.endpoints.whoAmI.initiate());
    expect(spy).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 401, data: { message: 'You are not authorized' } });
    expect(seen).toContain(sessionEnded.type);
    expect(localStorage.getItem('access_token_expiry')).toBeNull();
  });

  it('lets a public call (sign-in) through without a session and without signing out on 401', async () => {
    const { spy } = mockFetch([
      {
        method: 'POST',
        path: '/api/probe-login',
        status: 401,
        body: { message: 'Invalid email or password' },
      },
    ]);
    const { store, seen } = storeRecordingActions();
    const result = await store.dispatch(probeApi.endpoints.signIn.initiate());
    expect(spy).toHaveBeenCalledTimes(1);
    expect((spy.mock.calls[0]?.[0] as Request).headers.get('authorization')).toBeNull();
    expect(result).toMatchObject({ error: { status: 401, data: { message: 'Invalid email or password' } } });
    expect(seen).not.toContain(sessionEnded.type);
  });

  it('flags the session when the server refuses until the temporary password is changed', async () => {
    saveSession(testAdmin, 'jwt-abc', Date.now() + 60_000);
    mockFetch([
      {
        path: '/api/probe',
        status: 403,
        body: { message: USER_TEXTS.mustChangePassword, error: 'Forbidden' },
      },
    ]);
    const { store, seen } = storeRecordingActions();
    const result = await store.dispatch(probeApi.endpoints.whoAmI.initiate());
    expect(result.error).toMatchObject({ status: 403 });
    expect(seen).toContain(passwordChangeRequired.type);
    expect(seen).not.toContain(sessionEnded.type);
    expect(readSession()).toMatchObject({ token: 'jwt-abc', user: { must_change_password: true } });
  });

  it('leaves any other 403 to the page that asked', async () => {
    saveSession(testAdmin, 'jwt-abc', Date.now() + 60_000);
    mockFetch([{ path: '/api/probe', status: 403, body: { message: 'Forbidden', error: 'Forbidden' } }]);
    const { store, seen } = storeRecordingActions();
    await store.dispatch(probeApi.endpoints.whoAmI.initiate());
    expect(seen).not.toContain(passwordChangeRequired.type);
    expect(seen).not.toContain(sessionEnded.type);
    expect(readSession()?.user.must_change_password).toBe(false);
  });

  it("counts a person's requests as activity (a new query, a mutation), not refetches nor background calls", async () => {
    saveSession(testAdmin, 'jwt-abc', Date.now() + 60_000);
    mockFetch([
      { path: '/api/probe', body: { ok: true } },
      { method: 'POST', path: '/api/probe', body: { ok: true } },
    ]);
    const store = makeStore();
    const since = (at: number) => lastActivityAt() >= at;

    noteActivity(1);
    await store.dispatch(probeApi.endpoints.whoAmI.initiate());
    const asked = lastActivityAt();
    expect(asked).toBeGreaterThan(1);

    noteActivity(1);
    // A poll or an invalidation refetches with forceRefetch.
    await store.dispatch(probeApi.endpoints.whoAmI.initiate(undefined, { forceRefetch: true }));
    expect(lastActivityAt()).toBe(1);
    await store.dispatch(probeApi.endpoints.renew.initiate());
    expect(lastActivityAt()).toBe(1);

    const before = Date.now();
    await store.dispatch(probeApi.endpoints.save.initiate());
    expect(since(before)).toBe(true);
  });
});
