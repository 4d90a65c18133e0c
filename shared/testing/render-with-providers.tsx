import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { App as AntdApp, ConfigProvider } from '../src/ui/antd';
import { makeStore, type AppStore } from '../src/client/store';
import { saveSession } from '../src/client/session';
import type { SessionUser } from '../src/contract/users';

export const testAdmin: SessionUser = {
  id: 1,
  first_name: 'Amina',
  last_name: 'Odhiambo',
  email: 'admin@lender.local',
  role: 'admin',
  avatar: null,
  must_change_password: false,
};
export const testOfficer: SessionUser = {
  ...testAdmin,
  id: 2,
  first_name: 'Brian',
  email: 'officer@lender.local',
  role: 'officer',
};

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Start at this path (MemoryRouter). */
  route?: string;
  /** Route pattern the element is mounted at, for pages that read params. */
  path?: string;
  /** Signed-in user stored before render; null for signed out. */
  user?: SessionUser | null;
  store?: AppStore;
}

/** Renders with the store, router and antd App the shell provides in the browser. */
export function renderWithProviders(
  ui: ReactElement,
  options: Options = {},
): RenderResult & { store: AppStore } {
  const { route = '/', path, user = testAdmin, store = makeStore(), ...rest } = options;
  if (user) saveSession(user, 'test-token');
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ConfigProvider>
        <AntdApp>
          <MemoryRouter initialEntries={[route]}>
            {path ? (
              <Routes>
                <Route path={path} element={children} />
                <Route path="*" element={<div>elsewhere</div>} />
              </Routes>
            ) : (
              children
            )}
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper: Wrapper, ...rest }) };
}

/** Answers fetch calls in component tests: a route table of (method, path) → JSON body and status. */
export type FetchRoute = {
  method?: string;
  path: string | RegExp;
  status?: number;
  body: unknown;
  /** The answer waits for this (a slow server: what a page shows meanwhile). */
  until?: Promise<unknown>;
};

/** A request the server refuses: `status` with `{ message }`, and any more of the body (errors, error). */
export function refusal(
  method: string,
  path: string | RegExp,
  status: number,
  message: string,
  more: Record<string, unknown> = {},
): FetchRoute {
  return { method, path, status, body: { message, ...more } };
}

export function mockFetch(routes: FetchRoute[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const spy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      let body: unknown = null;
      const text = await request
        .clone()
        .text()
        .catch(() => '');
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      calls.push({ method, url: url.pathname + url.search, body });
      const route = routes.find(
        (r) =>
          (r.method ?? 'GET').toUpperCase() === method &&
          (typeof r.path === 'string' ? url.pathname === r.path : r.path.test(url.pathname + url.search)),
      );
      if (!route)
        return new Response(JSON.stringify({ message: `No mock for ${method} ${url.pathname}` }), {
          status: 404,
        });
      await route.until;
      return new Response(JSON.stringify(route.body), {
        status: route.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  return { calls, spy };
}
