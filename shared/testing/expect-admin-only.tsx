import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, testOfficer, type FetchRoute } from './render-with-providers';

/**
 * Renders `page` for an officer with the API giving `answers`, waits for `shown`, then checks no
 * button named like each of `buttons` is offered (they are for admins only).
 */
export async function expectNoButtonsForOfficer(
  page: ReactElement,
  answers: FetchRoute[],
  shown: string,
  buttons: RegExp[],
): Promise<void> {
  mockFetch(answers);
  renderWithProviders(page, { user: testOfficer });

  await screen.findByText(shown);
  for (const name of buttons) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  }
}
