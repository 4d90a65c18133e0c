import { screen, waitFor, within } from '@testing-library/react';

/**
 * The open dialog showing `title`. A confirmation opened over a modal (disburse, approve) is a
 * second dialog; in jsdom both are labelled by the same mocked id, so their accessible names
 * collide and `findByRole('dialog', { name })` would only ever see the first.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => within(dialog).queryAllByText(title).length > 0);
    if (!found) throw new Error(`No dialog shows "${title}"`);
  });
  return found as HTMLElement;
}

/** Waits until no open dialog shows `title`. */
export async function waitForDialogClosed(title: string): Promise<void> {
  await waitFor(() =>
    expect(
      screen.queryAllByRole('dialog').some((dialog) => within(dialog).queryAllByText(title).length > 0),
    ).toBe(false),
  );
}
