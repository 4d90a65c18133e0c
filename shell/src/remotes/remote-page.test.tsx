import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  routeMatches as sharedRouteMatches,
  type RemotePagesModule,
} from '@lender/shared/client/remote-pages';
import { saveSession } from '@lender/shared/client/session';
import { renderWithProviders, testOfficer } from '@lender/shared/testing/render-with-providers.tsx';
import { createShellStore } from '../store';
import { loadRemotePages, prepareRetry } from './load-remote-pages';
import { testRemotesConfig } from '../testing/remotes-config';
import { forgetCatalog } from './remote-catalog';
import { RemoteLoadError } from './remote-failure';
import { forgetRemotesConfig } from './remotes-config';
import { forgetRemoteLoads, RemotePage, routeMatches, startRemoteLoad } from './remote-page';

jest.mock('./load-remote-pages', () => ({ loadRemotePages: jest.fn(), prepareRetry: jest.fn() }));
const load = jest.mocked(loadRemotePages);

/** Renders a remote route; an awaited act lets React finish what suspended while mounting. */
async function renderRemoteRoute(path = '/loans', route = path) {
  // The shell's store reads the stored session when it is built.
  saveSession(testOfficer, 'test-token');
  await act(async () => {
    renderWithProviders(
      <Routes>
        <Route
          path={path}
          element={
            <RemotePage remote="mf_loans" path={path} heading={path === '/' ? 'Dashboard' : undefined} />
          }
        />
      </Routes>,
      { route, user: testOfficer, store: createShellStore() },
    );
  });
}

beforeEach(() => {
  forgetRemoteLoads();
  forgetCatalog();
  forgetRemotesConfig(testRemotesConfig());
  load.mockReset();
  jest.mocked(prepareRetry).mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('remote page', () => {
  it("renders the remote's page for its route", async () => {
    load.mockResolvedValue({ pages: { '/loans': () => <h1>Active Loans</h1> } });
    await renderRemoteRoute();
    expect(await screen.findByRole('heading', { name: 'Active Loans' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_loans', 'officer');
  });

  it("shows the dashboard's heading while its remote loads, and a spinner for other pages", async () => {
    let resolve!: (module: RemotePagesModule) => void;
    load.mockReturnValue(new Promise((done) => (resolve = done)));
    await renderRemoteRoute('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    await act(async () => resolve({ pages: { '/': () => <p>Figures</p> } }));
    expect(await screen.findByText('Figures')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();

    forgetRemoteLoads();
    load.mockReturnValue(new Promise(() => {}));
    await renderRemoteRoute('/due-today');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Due Today' })).not.toBeInTheDocument();
  });

  it('says the area could not be loaded, and recovers after Retry once the remote is back', async () => {
    load.mockRejectedValueOnce(new RemoteLoadError('mf_loans', new TypeError('Failed to fetch')));
    await renderRemoteRoute('/due-today');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The loans section could not be loaded.');
    expect(alert).toHaveTextContent(
      'Check your connection and try again. The rest of the back office keeps working.',
    );

    load.mockResolvedValue({ pages: { '/due-today': () => <h1>Due Today</h1> } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Due Today' })).toBeInTheDocument();
    expect(prepareRetry).toHaveBeenCalledWith('mf_loans');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps offering Retry while the remote stays down', async () => {
    load.mockRejectedValue(new RemoteLoadError('mf_loans', new Error('502')));
    await renderRemoteRoute('/paid-loans');
    await screen.findByRole('alert');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The loans section could not be loaded.');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('contains a remote page that crashes, and renders it again on Retry', async () => {
    let crash = true;
    function Flaky() {
      if (crash) throw new Error('render failed');
      return <h1>Defaulted</h1>;
    }
    load.mockResolvedValue({ pages: { '/defaulted': Flaky } });
    await renderRemoteRoute('/defaulted');
    expect(await screen.findByRole('alert')).toHaveTextContent('The loans section could not be loaded.');
    crash = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'Defaulted' })).toBeInTheDocument();
    // The remote itself had loaded: it is not fetched again.
    expect(prepareRetry).not.toHaveBeenCalled();
  });

  it('says a page is not built yet when the remote does not have it', async () => {
    load.mockResolvedValue({ pages: {} });
    await renderRemoteRoute('/pending-disbursement');
    expect(await screen.findByText('This page is not built yet.')).toBeInTheDocument();
  });

  it('starts loading the remote of the page being opened before its route renders, once', async () => {
    load.mockResolvedValue({ pages: { '/loans': () => <h1>Active Loans</h1> } });
    startRemoteLoad('/loans', 'officer');
    await act(async () => {});
    expect(load).toHaveBeenCalledWith('mf_loans', 'officer');
    await renderRemoteRoute();
    expect(await screen.findByRole('heading', { name: 'Active Loans' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts nothing for a page of no remote, nor an admin-only remote for an officer', async () => {
    startRemoteLoad('/profile', 'officer');
    startRemoteLoad('/all-users', 'officer');
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
  });

  // The cases of the rule are in shared/src/client/remote-pages.test.ts.
  it('matches route patterns by the rule shared with the rest of the app', () => {
    expect(routeMatches).toBe(sharedRouteMatches);
    expect(routeMatches('/viewloan/:id', '/viewloan/42')).toBe(true);
  });
});
