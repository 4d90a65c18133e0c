import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LenderSettings, MessageTemplatesResponse } from '@lender/shared/contract/messages';
import { MESSAGE_KIND_INFO, TEMPLATE_PLACEHOLDERS } from '@lender/shared/domain/message-templates';
import { mockFetch, refusal, renderWithProviders } from '@lender/shared/testing/render-with-providers.tsx';
import { replaceText } from '@lender/shared/testing/fill-fields.ts';
import MessagingPage from './messaging-page';

const templates: MessageTemplatesResponse = {
  templates: (['reminder_due', 'receipt'] as const).map((kind) => ({
    kind,
    label: MESSAGE_KIND_INFO[kind].label,
    when: MESSAGE_KIND_INFO[kind].when,
    text: MESSAGE_KIND_INFO[kind].text,
    updated_by_name: kind === 'receipt' ? 'Amina Odhiambo' : null,
    updated_at: kind === 'receipt' ? '2026-11-21T07:30:00Z' : null,
  })),
  placeholders: Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, meaning]) => ({ name, meaning })),
};
const settings: LenderSettings = {
  auto_lock: false,
  reminder_days_before: 3,
  paybill_number: '522533',
  reminders_enabled: true,
};
const TEMPLATES = { path: '/api/message-templates', body: templates };
const SETTINGS = { path: '/api/lender-settings', body: settings };

/** The Receipt template's card: its text field and its preview. */
async function receiptCard() {
  const card = await screen.findByRole('region', { name: 'Receipt' });
  return {
    card,
    text: within(card).getByLabelText('Message text'),
    preview: within(card).getByRole('region', { name: 'Preview of Receipt' }),
  };
}

describe('Messaging', () => {
  it('shows each template with when it is sent, the placeholders, and a preview with the sample values and its SMS parts', async () => {
    mockFetch([TEMPLATES]);
    renderWithProviders(<MessagingPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Messaging' })).toBeInTheDocument();
    const { card, text, preview } = await receiptCard();
    expect(
      within(card).getByText(`Sent: ${MESSAGE_KIND_INFO.receipt.when}`, { exact: false }),
    ).toBeInTheDocument();
    expect(text).toHaveValue(MESSAGE_KIND_INFO.receipt.text);
    expect(
      within(preview).getByText(
        'Dear Wanjiku, we have received Ksh 1,250.00 for account K7M4Q2X. Balance: Ksh 8,750.00. Next due date: 27 Nov 2026.',
      ),
    ).toBeInTheDocument();
    expect(within(preview).getByText('115 characters · 1 SMS part')).toBeInTheDocument();
    expect(
      within(card).getByText(/Last changed by Amina Odhiambo on 21 Nov 2026, 10:30/),
    ).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Reminder on the due date' })).toBeInTheDocument();
    expect(screen.getByText('{balance}')).toBeInTheDocument();
    expect(screen.getByText(TEMPLATE_PLACEHOLDERS.balance)).toBeInTheDocument();
  });

  it('updates the preview and its SMS parts as the text is typed', async () => {
    mockFetch([TEMPLATES]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    const { text, preview } = await receiptCard();
    await user.clear(text);
    // Pasted: typing 191 characters one key at a time is slow.
    await user.paste(
      `${MESSAGE_KIND_INFO.receipt.text} Thank you for paying on time. Karibu tena at any of our shops across Kenya!`,
    );

    expect(
      within(preview).getByText(/Next due date: 27 Nov 2026\. Thank you for paying on time\./),
    ).toBeInTheDocument();
    expect(within(preview).getByText('191 characters · 2 SMS parts')).toBeInTheDocument();
  });

  it('flags an unknown placeholder as it is typed, and does not save it', async () => {
    const { calls } = mockFetch([TEMPLATES]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    const { card, text } = await receiptCard();
    // '{{' types one '{' (user-event's escape).
    await user.type(text, ' Late fee: {{fee}.');

    expect(
      await within(card).findByText('Unknown placeholder {fee}: use only the placeholders listed above.'),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save Receipt' }));
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('Save sends the template’s text and toasts the server’s answer', async () => {
    const { calls } = mockFetch([
      TEMPLATES,
      { method: 'PUT', path: '/api/message-templates/receipt', body: { message: 'Template saved' } },
    ]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    const { card, text } = await receiptCard();
    await user.clear(text);
    await user.paste('Asante {name}, we got Ksh {amount}.');
    await user.click(within(card).getByRole('button', { name: 'Save Receipt' }));

    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/message-templates/receipt',
        body: { text: 'Asante {name}, we got Ksh {amount}.' },
      },
    ]);
  });

  it('shows the server’s reason when it refuses a template', async () => {
    mockFetch([
      TEMPLATES,
      refusal('PUT', '/api/message-templates/reminder_due', 400, 'Validation failed', {
        errors: [{ field: 'text', msg: 'Unknown placeholder {fee}' }],
      }),
    ]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Save Reminder on the due date' }));
    expect(await screen.findByText('Unknown placeholder {fee}')).toBeInTheDocument();
  });

  it('Settings shows the lender’s settings and Save sends every one', async () => {
    const { calls } = mockFetch([
      TEMPLATES,
      SETTINGS,
      { method: 'PUT', path: '/api/lender-settings', body: { message: 'Settings saved' } },
    ]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const autoLock = await screen.findByRole('switch', {
      name: 'Lock phones automatically on the lock date',
    });
    expect(autoLock).not.toBeChecked();
    expect(screen.getByText('Off: an officer decides')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Send reminders' })).toBeChecked();
    const days = screen.getByLabelText('Reminder days before the due date');
    expect(days).toHaveValue('3');
    const paybill = screen.getByLabelText('Paybill number');
    expect(paybill).toHaveValue('522533');

    await user.click(autoLock);
    await replaceText(user, days, '5');
    await replaceText(user, paybill, '247247');
    // Reminders off: their days are kept (and sent), only not used.
    await user.click(screen.getByRole('switch', { name: 'Send reminders' }));
    expect(days).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/lender-settings',
        body: {
          auto_lock: true,
          reminder_days_before: 5,
          paybill_number: '247247',
          reminders_enabled: false,
        },
      },
    ]);
  });

  it('refuses a paybill number that is not 5 to 7 digits before any request', async () => {
    const { calls } = mockFetch([TEMPLATES, SETTINGS]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await replaceText(user, await screen.findByLabelText('Paybill number'), '52-25');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Paybill number must be 5 to 7 digits')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('SMS cost by month lists each month’s messages, parts and cost', async () => {
    mockFetch([
      TEMPLATES,
      {
        path: '/api/messages/costs',
        body: {
          months: [
            { month: '2026-11', messages: 1204, parts: 1388, cost: 1110.4 },
            { month: '2026-10', messages: 980, parts: 1002, cost: 801.6 },
          ],
        },
      },
    ]);
    renderWithProviders(<MessagingPage />);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('tab', { name: 'SMS cost by month' }));
    const table = await screen.findByRole('table', { name: 'SMS cost by month' });
    const november = (await within(table).findByText('November 2026')).closest('tr') as HTMLElement;
    for (const shown of ['1,204', '1,388', 'Ksh 1,110.40']) {
      expect(within(november).getByText(shown)).toBeInTheDocument();
    }
    expect(within(table).getByText('October 2026')).toBeInTheDocument();
  });
});
