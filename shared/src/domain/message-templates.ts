/**
 * The messages the lender sends customers (issue 35): each kind's label, when it is sent and its
 * default text. The text is a template an admin edits; {placeholders} are filled from the loan
 * when the message is queued. The server and the template editor's preview render with the same
 * function.
 */
import { valuesOf } from './value-table';

const MESSAGE_KIND_TABLE = {
  reminder_before: {
    label: 'Reminder before the due date',
    when: 'N days before an installment falls due (the reminder days setting)',
    reminder: true,
    text: 'Dear {name}, your installment of Ksh {amount} is due on {due_date}. Pay via paybill {paybill}, account {account_number}.',
  },
  reminder_due: {
    label: 'Reminder on the due date',
    when: 'On the day an installment falls due',
    reminder: true,
    text: 'Dear {name}, Ksh {amount} is due today. Pay via paybill {paybill}, account {account_number}.',
  },
  reminder_missed: {
    label: 'Missed payment',
    when: 'The day after an installment fell due unpaid',
    reminder: true,
    text: 'Dear {name}, your payment of Ksh {amount} due on {due_date} was missed. Pay via paybill {paybill}, account {account_number} to keep your phone working.',
  },
  lock_notice: {
    label: 'Notice before an automatic lock',
    when: 'The day before the phone is locked automatically (only when automatic lock is on)',
    reminder: true,
    text: 'Dear {name}, your phone will be locked tomorrow unless Ksh {amount} is paid. Paybill {paybill}, account {account_number}.',
  },
  receipt: {
    label: 'Receipt',
    when: 'After every approved or paybill repayment (sent even to customers who opted out of reminders)',
    reminder: false,
    text: 'Dear {name}, we have received Ksh {amount} for account {account_number}. Balance: Ksh {balance}. Next due date: {due_date}.',
  },
  promise: {
    label: 'Promise to pay confirmation',
    when: 'When an officer records a promise to pay',
    reminder: false,
    text: 'Dear {name}, thank you for your promise to pay Ksh {amount} by {due_date}. Paybill {paybill}, account {account_number}.',
  },
  cleared: {
    label: 'Loan cleared',
    when: 'When the loan is paid in full',
    reminder: false,
    text: 'Congratulations {name}! Your loan {account_number} is fully paid. Your phone is yours.',
  },
  one_off: {
    label: 'One-off message',
    when: 'Sent by an officer from the loan page',
    reminder: false,
    text: 'Dear {name}, ',
  },
} as const;

export const MESSAGE_KINDS = valuesOf(MESSAGE_KIND_TABLE);
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_KIND_INFO: Record<
  MessageKind,
  { label: string; when: string; reminder: boolean; text: string }
> = MESSAGE_KIND_TABLE;
/** The kinds an opted-out customer does not receive. */
export const isReminder = (kind: MessageKind): boolean => MESSAGE_KIND_TABLE[kind].reminder;

/** What a template may say, each filled from the loan when the message is queued. */
export const TEMPLATE_PLACEHOLDERS = {
  name: "The customer's first name",
  amount: 'The amount (due, paid or promised, by the kind of message), in Ksh',
  due_date: 'The due date (or the promise date), as 27 Nov 2026',
  account_number: "The loan's account number",
  paybill: 'The paybill number (Messaging settings)',
  balance: 'The balance left on the loan, in Ksh',
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;
export const TEMPLATE_PLACEHOLDER_NAMES = Object.keys(TEMPLATE_PLACEHOLDERS) as TemplatePlaceholder[];

export type TemplateValues = Record<TemplatePlaceholder, string>;

/** The {names} a template uses that are not placeholders (the editor refuses them). */
export function unknownPlaceholders(template: string): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !(name in TEMPLATE_PLACEHOLDERS)))];
}

/** The template with each {placeholder} replaced by its value. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in values ? values[name as TemplatePlaceholder] : whole,
  );
}

/** Values to preview a template with (the editor shows the text a customer would read). */
export const SAMPLE_TEMPLATE_VALUES: TemplateValues = {
  name: 'Wanjiku',
  amount: '1,250.00',
  due_date: '27 Nov 2026',
  account_number: 'K7M4Q2X',
  paybill: '522533',
  balance: '8,750.00',
};
