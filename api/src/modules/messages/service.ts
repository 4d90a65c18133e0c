/**
 * Messages to customers (issue 35; docs/integrations.md#sms). A message is written (rendered from
 * its template, its SMS parts counted) in the transaction of what it reports — a receipt with the
 * repayment, "your phone is yours" with the clearing payment — and sent later by the worker
 * (worker.ts), never before 07:00 or after 21:00 Nairobi time. Reminders skip a customer who
 * opted out, and go at most once a day per loan (a unique index on the loan and the day).
 */
import { eq } from 'drizzle-orm';
import type { Paginated } from '@lender/shared/contract/common';
import type {
  CustomerMessage,
  DeliveryReport,
  LenderSettings,
  MessageCosts,
  MessageTemplatesResponse,
  SendMessageRequest,
} from '@lender/shared/contract/messages';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { formatDay } from '@lender/shared/domain/date-time';
import {
  isReminder,
  MESSAGE_KIND_INFO,
  MESSAGE_KINDS,
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_PLACEHOLDER_NAMES,
  unknownPlaceholders,
  type MessageKind,
} from '@lender/shared/domain/message-templates';
import { formatKsh } from '@lender/shared/domain/money';
import { smsLength } from '@lender/shared/domain/sms-parts';
import type { Executor } from '../../db/client';
import { customerMessages, loans } from '../../db/schema';
import { inBook } from '../../domain/book-scope';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { sendableFrom } from '../../domain/outbox';
import type { Caller } from '../../plugins/auth';
import { countLimit, pageMeta, pageRequest } from '../pagination';
import type { ServiceContext } from '../service-context';
import { loanOfficerOf } from '../sql-helpers';
import {
  allTemplates,
  costsByMonth,
  customerOf,
  insertMessage,
  loanForMessage,
  messageByProviderId,
  messagesPage,
  recordDelivery,
  setOptOut,
  templateText,
  upsertTemplate,
  type MessageListRow,
} from './repository';
import { readLenderSettings } from '../settings/service';

/** Ksh amounts in a message: '1,250.00' (the template writes "Ksh {amount}"). */
const amountText = (amount: string) => formatKsh(amount).replace(/^Ksh /, '');

export interface LoanMessage {
  loanId: number;
  kind: MessageKind;
  now: Date;
  timeZone: string;
  /** The amount the message names (paid, promised); default: the loan's amount due. */
  amount?: string;
  /** The date it names (the promise's); default: the loan's due date. */
  dueDate?: string | null;
  /** The officer's own text (one-off messages). */
  text?: string;
  sentBy?: number | null;
  /** A reminder's business day: one reminder a day per loan. */
  reminderDay?: string;
}

/**
 * Writes a message about a loan in the caller's transaction: its template (an admin's text, else
 * the default) filled from the loan as it now stands. Undefined when it is not to be sent: a
 * reminder to a customer who opted out, or with reminders off, or a second reminder that day.
 */
export async function queueLoanMessage(
  tx: Executor,
  input: LoanMessage,
): Promise<{ id: number } | undefined> {
  const row = await messageRow(tx, input, { staffChosen: false });
  const created = row && (await insertMessage(tx, row));
  return created ? { id: created.id } : undefined;
}

/**
 * The message's row: its template (an admin's text, else the default) or the given text, filled
 * from the loan as it now stands; undefined for a reminder the customer or the lender turned off
 * (a message staff chose to send is sent regardless).
 */
async function messageRow(tx: Executor, input: LoanMessage, { staffChosen }: { staffChosen: boolean }) {
  const loan = await loanForMessage(tx, input.loanId);
  if (!loan) throw new NotFoundError(`Loan ${input.loanId} not found`);
  const settings = await readLenderSettings(tx);
  if (!staffChosen && isReminder(input.kind) && (loan.optedOut || !settings.reminders_enabled))
    return undefined;
  const template = input.text ?? (await templateText(tx, input.kind)) ?? MESSAGE_KIND_INFO[input.kind].text;
  const body = renderTemplate(template, {
    name: loan.firstName,
    amount: amountText(input.amount ?? loan.amountDue),
    due_date: formatDay(input.dueDate === undefined ? loan.dueDate : input.dueDate),
    account_number: encodeAccountNumber(loan.loanId),
    paybill: settings.paybill_number,
    balance: amountText(loan.remainingBalance),
  });
  return {
    customerId: loan.customerId,
    loanId: loan.loanId,
    kind: input.kind,
    phone: loan.phone,
    body,
    parts: smsLength(body).parts,
    nextAttemptAt: sendableFrom(input.now, input.timeZone),
    reminderDay: input.reminderDay ?? null,
    sentBy: input.sentBy ?? null,
    createdAt: input.now,
  };
}

/**
 * The receipt of a repayment that now counts (approved, or matched from the paybill), written
 * with it: the amount, the balance left and the next due date as the recomputed loan has them.
 */
export const queueReceipt = (tx: Executor, loanId: number, amount: string, now: Date, timeZone: string) =>
  queueLoanMessage(tx, { loanId, kind: 'receipt', amount, now, timeZone });

/** An officer's one-off message from the loan page: a template for this loan or their own text; audited. */
export async function sendOneOffMessage(
  ctx: ServiceContext & { timeZone: string },
  caller: Caller,
  loanId: number,
  request: SendMessageRequest,
): Promise<{ message: string; id: number }> {
  return ctx.db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ officerId: loans.officerId })
      .from(loans)
      .where(eq(loans.id, loanId))
      .for('update');
    if (!loan || !inBook(caller, loan.officerId)) throw new NotFoundError(`Loan ${loanId} not found`);
    const kind = request.text !== undefined ? 'one_off' : (request.kind ?? 'one_off');
    const now = ctx.clock.now();
    // Sent because staff chose to: the opt-out of automatic reminders does not apply.
    const row = await messageRow(
      tx,
      {
        loanId,
        kind,
        now,
        timeZone: ctx.timeZone,
        sentBy: caller.id,
        ...(request.text !== undefined ? { text: request.text } : {}),
      },
      { staffChosen: true },
    );
    const created = row && (await insertMessage(tx, row));
    if (!created) throw new Error('message not inserted');
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'message.sent',
      entity: 'customer_message',
      entityId: created.id,
      loanId,
      after: { kind, text: created.body, phone: created.phone, parts: created.parts },
    });
    return { message: 'Message queued', id: created.id };
  });
}

// Lists ----------------------------------------------------------------------------------------

const toMessage = ({ message, sentByName }: MessageListRow): CustomerMessage => ({
  id: message.id,
  loan_id: message.loanId,
  kind: message.kind,
  phone: message.phone,
  text: message.body,
  parts: message.parts,
  status: message.status,
  cost: message.costText,
  failure_reason: message.failureReason,
  sent_by_name: sentByName,
  created_at: message.createdAt.toISOString(),
  send_after: message.nextAttemptAt.toISOString(),
  sent_at: message.sentAt?.toISOString() ?? null,
  delivered_at: message.deliveredAt?.toISOString() ?? null,
});

async function pageOf(ex: Executor, where: Parameters<typeof messagesPage>[1], page: number) {
  const request = pageRequest(page);
  const { rows, total } = await messagesPage(ex, where, request);
  return { data: rows.map(toMessage), meta: pageMeta(request, total, countLimit(request)) };
}

/** A loan's messages, newest first; 404 outside the caller's book. */
export async function loanMessages(
  ctx: ServiceContext,
  caller: Caller,
  loanId: number,
  page: number,
): Promise<Paginated<CustomerMessage>> {
  const officerId = await loanOfficerOf(ctx.db, loanId);
  if (officerId === undefined || !inBook(caller, officerId))
    throw new NotFoundError(`Loan ${loanId} not found`);
  return pageOf(ctx.db, eq(customerMessages.loanId, loanId), page);
}

/** A customer's messages, newest first; 404 outside the caller's book. */
export async function customerMessagesPage(
  ctx: ServiceContext,
  caller: Caller,
  customerId: number,
  page: number,
): Promise<Paginated<CustomerMessage>> {
  const customer = await customerOf(ctx.db, customerId);
  if (!customer || !inBook(caller, customer.createdBy))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return pageOf(ctx.db, eq(customerMessages.customerId, customerId), page);
}

/** The customer opts out of reminders or back in (audited); receipts and confirmations still go. */
export async function setReminderOptOut(
  ctx: ServiceContext,
  caller: Caller,
  customerId: number,
  optedOut: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const customer = await customerOf(tx, customerId);
    if (!customer || !inBook(caller, customer.createdBy))
      throw new NotFoundError(`Customer ${customerId} not found`);
    await setOptOut(tx, customerId, optedOut);
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'customer.reminders',
      entity: 'customer',
      entityId: customerId,
      before: { reminders_opt_out: customer.optedOut },
      after: { reminders_opt_out: optedOut },
    });
    return {
      message: optedOut ? 'Reminders turned off for this customer' : 'Reminders turned on for this customer',
    };
  });
}

// Templates, settings, costs (admins) -------------------------------------------------------------

export async function listTemplates(ctx: ServiceContext): Promise<MessageTemplatesResponse> {
  const stored = new Map((await allTemplates(ctx.db)).map((row) => [row.kind, row]));
  return {
    templates: MESSAGE_KINDS.map((kind) => {
      const row = stored.get(kind);
      return {
        kind,
        label: MESSAGE_KIND_INFO[kind].label,
        when: MESSAGE_KIND_INFO[kind].when,
        text: row?.body ?? MESSAGE_KIND_INFO[kind].text,
        updated_by_name: row?.updatedByName ?? null,
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    }),
    placeholders: TEMPLATE_PLACEHOLDER_NAMES.map((name) => ({ name, meaning: TEMPLATE_PLACEHOLDERS[name] })),
  };
}

/** Stores an admin's text for a kind (audited): 400 naming a {placeholder} the template may not use. */
export async function updateTemplate(ctx: ServiceContext, caller: Caller, kind: MessageKind, text: string) {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    throw ValidationError.field(
      'text',
      `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `{${name}}`).join(', ')}: use ${TEMPLATE_PLACEHOLDER_NAMES.map((name) => `{${name}}`).join(', ')}`,
    );
  }
  await ctx.db.transaction(async (tx) => {
    const before = (await templateText(tx, kind)) ?? MESSAGE_KIND_INFO[kind].text;
    await upsertTemplate(tx, kind, text, caller.id, ctx.clock.now());
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'message_template.updated',
      entity: 'message_template',
      entityId: kind,
      before: { text: before },
      after: { text },
    });
  });
  return { message: 'Template saved' };
}

/** SMS cost per month over the last year, as the provider billed it. */
export async function messageCosts(ctx: ServiceContext & { timeZone: string }): Promise<MessageCosts> {
  const since = new Date(ctx.clock.now().getTime() - 366 * 86_400_000);
  const rows = await costsByMonth(ctx.db, since, ctx.timeZone);
  return { months: rows.map((row) => ({ ...row, cost: Number(row.cost) })) };
}

export const lenderSettingsOf = (ctx: ServiceContext): Promise<LenderSettings> => readLenderSettings(ctx.db);

// Delivery reports ----------------------------------------------------------------------------------

const DELIVERED = new Set(['Success']);
const FAILED = new Set(['Failed', 'Rejected', 'AbsentSubscriber', 'Expired']);

/**
 * Africa's Talking's delivery report: Success marks the message delivered, a final failure failed
 * with its reason; intermediate states (Sent, Submitted, Buffered) change nothing. A report for an
 * id we never sent is ignored; a repeated one finds the message already final and changes nothing.
 */
export async function handleDeliveryReport(ctx: ServiceContext, report: DeliveryReport) {
  const known = await messageByProviderId(ctx.db, report.id);
  if (!known) return 'unknown';
  if (DELIVERED.has(report.status)) {
    const row = await recordDelivery(ctx.db, report.id, {
      status: 'delivered',
      deliveredAt: ctx.clock.now(),
      failureReason: null,
    });
    return row ? 'delivered' : 'repeated';
  }
  if (FAILED.has(report.status)) {
    const reason = report.failureReason ? `${report.status}: ${report.failureReason}` : report.status;
    const row = await recordDelivery(ctx.db, report.id, {
      status: 'failed',
      deliveredAt: null,
      failureReason: reason,
    });
    return row ? 'failed' : 'repeated';
  }
  return 'pending';
}
