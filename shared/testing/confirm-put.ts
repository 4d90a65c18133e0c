import { screen, within } from '@testing-library/react';

/** The user-event call a button needs (what userEvent.setup() returns). */
interface Clicker {
  click(element: Element): Promise<void>;
}

/** Clicks the button named `button` and returns the dialog named `dialog` it opens. */
export async function openConfirmation(user: Clicker, button: string, dialog: string): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialog });
}

/**
 * Checks nothing was PUT while the confirmation is open, clicks its `confirm` button, then
 * expects the server's `toast` and one PUT, to `url`.
 */
export async function confirmPut(
  user: Clicker,
  calls: { method: string; url: string }[],
  dialog: HTMLElement,
  { confirm, toast, url }: { confirm: string; toast: string; url: string },
): Promise<void> {
  expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  expect(await screen.findByText(toast)).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([url]);
}
