import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchRoute } from './render-with-providers';

/**
 * Mounts the page a remote exposes at `path`, as the shell does (through its lazy chunk), with
 * the API giving `answers`; checks it shows its heading and then the given text or button.
 */
export async function expectExposedPage(
  pages: Record<string, ComponentType>,
  path: string,
  answers: FetchRoute[],
  shows: { heading: string; text?: string; button?: string },
): Promise<void> {
  mockFetch(answers);
  const Page = pages[path];
  if (!Page) throw new Error(`no page is exposed at ${path}`);
  renderWithProviders(<Page />, { route: path });

  expect(await screen.findByRole('heading', { name: shows.heading })).toBeInTheDocument();
  if (shows.text) expect(await screen.findByText(shows.text)).toBeInTheDocument();
  if (shows.button) expect(await screen.findByRole('button', { name: shows.button })).toBeInTheDocument();
}
