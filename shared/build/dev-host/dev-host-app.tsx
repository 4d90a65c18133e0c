// A remote's pages without the shell, for working on one remote alone (docs/development.md):
// sign in against the dev API, then a list of the remote's pages and the page itself, inside the
// store, router and antd App a page expects. Not a product page: no theme, layout or menu rules.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from '@lender/shared/client/router';
import { clearSession, readSession, saveSession } from '@lender/shared/client/session-storage';
import { makeStore } from '@lender/shared/client/store';
import { API_BASE, apiRoutes } from '@lender/shared/contract/routes';
import type { LoginResponse } from '@lender/shared/contract/users';
import { Alert, App, Button, ConfigProvider, Flex, Form, Input, Layout } from '@lender/shared/ui/antd';
import { contributions } from 'lender-dev-host/contributions';
import { pages } from 'lender-dev-host/pages';

/** Signs in with the API's login route and keeps the session where every page reads it. */
function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [failure, setFailure] = useState<string>();
  const submit = async (credentials: { email: string; password: string }) => {
    const response = await fetch(`${API_BASE}${apiRoutes.users.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<LoginResponse> & { message?: string };
    if (!response.ok || !body.access_token || !body.user) {
      setFailure(body.message ?? `Sign-in failed (${response.status})`);
      return;
    }
    saveSession(body.user, body.access_token, body.expires_at ?? undefined);
    onSignedIn();
  };
  return (
    <Form layout="vertical" style={{ maxWidth: 360, margin: '48px auto' }} onFinish={submit}>
      <h1>Sign in to the dev API</h1>
      {failure ? <Alert type="error" message={failure} style={{ marginBottom: 16 }} /> : null}
      <Form.Item label="Email" name="email" initialValue="admin@lender.local">
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        Sign in
      </Button>
    </Form>
  );
}

/** Links to the remote's pages that need no parameter (a page with one is reached from a list). */
function PageIndex({ onSignOut }: { onSignOut: () => void }) {
  return (
    <nav aria-label="Pages of this remote">
      <Flex wrap gap="small" align="center">
        {contributions.routes
          .filter((route) => !route.path.includes(':'))
          .map((route) => (
            <Link key={route.path} to={route.path}>
              {route.title}
            </Link>
          ))}
        <Button size="small" onClick={onSignOut}>
          Sign out
        </Button>
      </Flex>
    </nav>
  );
}

function DevHost() {
  const [signedIn, setSignedIn] = useState(() => readSession() !== null);
  // A new store per session, as the shell builds one per page load.
  const [store, setStore] = useState(makeStore);
  if (!signedIn) {
    return (
      <SignIn
        onSignedIn={() => {
          setStore(makeStore());
          setSignedIn(true);
        }}
      />
    );
  }
  return (
    <Provider store={store}>
      <BrowserRouter>
        <Layout style={{ minHeight: '100vh', padding: 16 }}>
          <PageIndex
            onSignOut={() => {
              clearSession();
              setSignedIn(false);
            }}
          />
          <main style={{ marginTop: 16 }}>
            <Routes>
              {Object.entries(pages).map(([path, Page]) =>
                Page ? <Route key={path} path={path} element={<Page />} /> : null,
              )}
              <Route path="*" element={<p>Choose a page above.</p>} />
            </Routes>
          </main>
        </Layout>
      </BrowserRouter>
    </Provider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConfigProvider>
        <App>
          <DevHost />
        </App>
      </ConfigProvider>
    </StrictMode>,
  );
}
