import type { ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';

/** A page chunk that arrives when the test says so. */
function deferredPage() {
  let arrive!: () => void;
  const load = () =>
    new Promise<{ default: ComponentType }>((resolve) => {
      arrive = () => resolve({ default: () => <p>Page content</p> });
    });
  return { load, arrive: () => arrive() };
}

describe('lazyPage', () => {
  it("shows the page's heading and its loading line until the chunk arrives", async () => {
    const { load, arrive } = deferredPage();
    const Page = lazyPage(load, { heading: 'Dashboard' });
    await act(async () => {
      render(<Page />);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toHaveAttribute('aria-live', 'polite');

    await act(async () => arrive());
    expect(await screen.findByText('Page content')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows a spinner, not a heading, for a page without one', async () => {
    const { load } = deferredPage();
    const Page = lazyPage(load);
    await act(async () => {
      render(<Page />);
    });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-spin')).toBeInTheDocument();
  });
});
