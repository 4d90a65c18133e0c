import { within } from '@testing-library/react';

/**
 * Each value is shown inside the element `scopeOf` finds for its label (a summary card, a table
 * row): one `expect(within(scopeOf(label)).getByText(value))` per entry, in the order given.
 */
export function expectShownIn(scopeOf: (label: string) => HTMLElement, shown: Record<string, string>): void {
  for (const [label, value] of Object.entries(shown)) {
    expect(within(scopeOf(label)).getByText(value)).toBeInTheDocument();
  }
}
