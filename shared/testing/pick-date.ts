/** The two user-event calls a date field needs (what userEvent.setup() returns). */
interface DateTypist {
  click(element: Element): Promise<void>;
  type(element: Element, text: string): Promise<void>;
}

/** Types `day` (YYYY-MM-DD) into an antd DatePicker and confirms it with Enter. */
export async function pickDate(user: DateTypist, field: HTMLElement, day: string): Promise<void> {
  await user.click(field);
  await user.type(field, `${day}{enter}`);
}
