import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, testOfficer } from '../testing/render-app';

jest.mock('../remotes/load-remote-pages');

afterEach(() => jest.restoreAllMocks());

describe('not-found page', () => {
  it('answers any unknown path with the texts of the specification and a way home', async () => {
    mockFetch([{ path: '/api/users/2', body: [] }]);
    renderApp({ route: '/no/such/page', user: testOfficer });
    expect(await screen.findByRole('heading', { name: 'ERROR' })).toBeInTheDocument();
    expect(screen.getByText('We can’t seem to find the page you are looking for!')).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to Home Page' });
    expect(back).toHaveAttribute('href', '/');
    await act(async () => {
      fireEvent.click(back);
    });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address bar' })).toHaveTextContent(/^\/$/),
    );
  });
});
