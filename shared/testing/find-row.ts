import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchRoute } from './render-with-providers';

/** The table row holding `text`, once it shows. */
export async function findRow(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

/**
 * Renders a list page with the API giving `answers` and waits for its row holding `text`: that row,
 * and the fetch mock's calls.
 */
export async function renderListRow(page: ReactElement, answers: FetchRoute[], text: string) {
  const mocked = mockFetch(answers);
  renderWithProviders(page);
  return { ...mocked, row: await findRow(text) };
}
