/**
 * Messages to customers by SMS (issue 35; docs/integrations.md): each queued in the same
 * transaction as what it reports, sent by the worker through Africa's Talking, its delivery report
 * stored on it.
 */
import { z } from 'zod';
import { MESSAGE_KINDS, TEMPLATE_PLACEHOLDER_NAMES } from '../domain/message-templates';
import { valuesOf } from '../domain/value-table';
import { isoDateTimeSchema, messageSchema, moneySchema, paginated, pageSchema } from './common';

/**
 * A message's delivery: queued (until 07:00 when written during the quiet hours, or while the
 * provider fails), sending, sent (the provider accepted it), delivered or failed (its delivery
 * report, or the provider's refusal).
 */
export const MESSAGE_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};
export const MESSAGE_STATUSES = valuesOf(MESSAGE_STATUS_LABELS);
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** No message leaves between these hours (Nairobi time): it waits for the morning. */
export const QUIET_HOURS = { from: 21, to: 7 } as const;
/** A message's text at most (ten SMS parts). */
export const MESSAGE_MAX_LENGTH = 1530;

export const customerMessageSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  /** E.164 (+2547…). */
  phone: z.string(),
  text: z.string(),
  parts: z.number().int(),
  status: z.enum(MESSAGE_STATUSES),
  /** The provider's cost as it answered it ("KES 0.8000"); null until sent. */
  cost: z.string().nullable(),
  failure_reason: z.string().nullable(),
  sent_by_name: z.string().nullable(),
  created_at: isoDateTimeSchema,
  /** Not sent before this (the quiet hours, or the next retry). */
  send_after: isoDateTimeSchema,
  sent_at: isoDateTimeSchema.nullable(),
  delivered_at: isoDateTimeSchema.nullable(),
});
export type CustomerMessage = z.infer<typeof customerMessageSchema>;
export const customerMessagePageSchema = paginated(customerMessageSchema);
export type CustomerMessagePage = z.infer<typeof customerMessagePageSchema>;
export const messagesQuerySchema = z.object({ page: pageSchema });

/** POST /loans/{id}/messages: a template's text for this loan, or the officer's own text. */
export const sendMessageRequestSchema = z
  .object({
    kind: z.enum(MESSAGE_KINDS).optional(),
    text: z
      .string({ error: 'Text is required' })
      .trim()
      .min(1, { error: 'Text is required' })
      .max(MESSAGE_MAX_LENGTH, { error: `Text must be at most ${MESSAGE_MAX_LENGTH} characters` })
      .optional(),
  })
  .refine((body) => body.kind !== undefined || body.text !== undefined, {
    path: ['text'],
    error: 'Choose a template or write the text',
  });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
export const sendMessageResponseSchema = messageSchema.extend({ id: z.number().int() });

export const messageTemplateSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  label: z.string(),
  when: z.string(),
  text: z.string(),
  updated_by_name: z.string().nullable(),
  updated_at: isoDateTimeSchema.nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplatesResponseSchema = z.object({
  templates: z.array(messageTemplateSchema),
  placeholders: z.array(
    z.object({ name: z.enum(TEMPLATE_PLACEHOLDER_NAMES as [string, ...string[]]), meaning: z.string() }),
  ),
});
export type MessageTemplatesResponse = z.infer<typeof messageTemplatesResponseSchema>;
export const messageTemplateKindParamsSchema = z.object({ kind: z.enum(MESSAGE_KINDS) });
export const updateMessageTemplateSchema = z.object({
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, { error: 'Text is required' })
    .max(MESSAGE_MAX_LENGTH, { error: `Text must be at most ${MESSAGE_MAX_LENGTH} characters` }),
});
export type UpdateMessageTemplate = z.infer<typeof updateMessageTemplateSchema>;

/** The lender's messaging and device settings (admins). */
export const lenderSettingsSchema = z.object({
  /** Lock a waiting phone on its lock date in the nightly pass (off: an officer decides). */
  auto_lock: z.boolean(),
  /** The reminder before a due date goes this many days ahead (0: none). */
  reminder_days_before: z.number().int().min(0).max(14),
  /** Shown on the locked screen and in the messages. */
  paybill_number: z.string().regex(/^\d{5,7}$/, { error: 'Paybill number must be 5 to 7 digits' }),
  /** Sends reminders (receipts and confirmations are sent regardless). */
  reminders_enabled: z.boolean(),
});
export type LenderSettings = z.infer<typeof lenderSettingsSchema>;

/** What SMS cost per month (admins), as the provider billed it. */
export const messageCostsSchema = z.object({
  months: z.array(
    z.object({ month: z.string(), messages: z.number().int(), parts: z.number().int(), cost: moneySchema }),
  ),
});
export type MessageCosts = z.infer<typeof messageCostsSchema>;

/** POST /customers/{id}/reminders: the customer opts out of (or back into) reminders. */
export const reminderOptOutSchema = z.object({ opted_out: z.boolean() });

/**
 * Africa's Talking's delivery report (form-encoded): the message id it answered the send with,
 * its final status and, when failed, why.
 */
export const AT_DELIVERY_STATUSES = [
  'Sent',
  'Submitted',
  'Buffered',
  'Rejected',
  'Success',
  'Failed',
  'AbsentSubscriber',
  'Expired',
] as const;
export const deliveryReportSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(AT_DELIVERY_STATUSES),
  phoneNumber: z.string().max(20).optional(),
  networkCode: z.string().max(10).optional(),
  failureReason: z.string().max(200).optional(),
  retryCount: z.string().max(5).optional(),
});
export type DeliveryReport = z.infer<typeof deliveryReportSchema>;
