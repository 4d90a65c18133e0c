import { within } from '@testing-library/react';

/** The user-event call a text field needs (what userEvent.setup() returns). */
interface Typist {
  type(element: Element, text: string): Promise<void>;
}

/** Types each value into the field of `scope` labelled by its key, in the order given. */
export async function fillFields(
  user: Typist,
  scope: HTMLElement,
  values: Record<string, string>,
): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await user.type(within(scope).getByLabelText(label), value);
  }
}

/** The user-event calls replacing a field's text needs. */
interface Retypist extends Typist {
  clear(element: Element): Promise<void>;
}

/** Clears the field, then types `value` into it. */
export async function replaceText(user: Retypist, field: Element, value: string): Promise<void> {
  await user.clear(field);
  await user.type(field, value);
}
