import { waitFor } from '@testing-library/react';

/** Waits until the list under `prefix` has been read twice: once on render, once after a change. */
export async function expectListReadAgain(calls: { url: string }[], prefix: string): Promise<void> {
  await waitFor(() => expect(calls.filter((call) => call.url.startsWith(prefix))).toHaveLength(2));
}
