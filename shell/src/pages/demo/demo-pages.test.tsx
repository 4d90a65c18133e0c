import { screen } from '@testing-library/react';
import { mockFetch, renderApp, testOfficer } from '../../testing/render-app';

afterEach(() => jest.restoreAllMocks());

describe('template demo pages', () => {
  it.each([
    ['/blank', 'Blank Page', 'Card Title Here'],
    ['/basic-tables', 'Basic Tables', 'Lindsey Curtis (Web Designer)'],
    ['/alerts', 'Alerts', 'Warning Message'],
    ['/avatars', 'Avatars', 'Default Avatar'],
    ['/badge', 'Badges', 'With Light Background'],
    ['/buttons', 'Buttons', 'Primary Button'],
    ['/images', 'Images', 'Responsive image grid'],
    ['/videos', 'Videos', 'Video Ratio 16:9'],
  ])('%s shows sample content inside the layout', async (route, heading, sample) => {
    mockFetch([{ path: '/api/users/2', body: [] }]);
    renderApp({ route, user: testOfficer });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(sample)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
