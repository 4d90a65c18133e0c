import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageSchema } from '@lender/shared/contract/common';
import {
  customerMessagePageSchema,
  deliveryReportSchema,
  lenderSettingsSchema,
  messageCostsSchema,
  messagesQuerySchema,
  messageTemplateKindParamsSchema,
  messageTemplatesResponseSchema,
  reminderOptOutSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  updateMessageTemplateSchema,
} from '@lender/shared/contract/messages';
import { apiRoutes } from '@lender/shared/contract/routes';
import { callbackGuard } from '../../plugins/callback-guard';
import { serviceContext } from '../service-context';
import { changeByIdSchema, errors } from '../route-errors';
import {
  customerMessagesPage,
  handleDeliveryReport,
  lenderSettingsOf,
  listTemplates,
  loanMessages,
  messageCosts,
  sendOneOffMessage,
  setReminderOptOut,
  updateTemplate,
} from './service';
import { updateLenderSettings } from '../settings/service';

/** SMS_*: read by config.ts (docs/integrations.md#sms). */
export interface SmsConfig {
  /** SMS_API_URL: the provider's API base; unset: messages are queued and not sent. */
  apiUrl: string | undefined;
  username: string | undefined;
  apiKey: string | undefined;
  senderId: string | undefined;
  /** SMS_CALLBACK_SECRET: the secret in the delivery-report URL; unset: no such route (404). */
  callbackSecret: string | undefined;
  /** SMS_ALLOWED_IPS: the provider's callback addresses; unset: any. */
  allowedIps: string[] | undefined;
}

const messagesRoutes: FastifyPluginAsyncZod<{ timeZone: string; sms: SmsConfig }> = async (
  app,
  { sms, timeZone },
) => {
  const ctx = { ...serviceContext(app), timeZone };

  if (sms.callbackSecret !== undefined) {
    // Africa's Talking posts its delivery reports form-encoded.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.post(
      apiRoutes.messages.deliveryReport(':secret'),
      {
        config: { public: true },
        onRequest: callbackGuard(sms.callbackSecret, sms.allowedIps),
        schema: {
          tags: ['messages'],
          summary:
            "Africa's Talking's SMS delivery report (form-encoded): marks the message delivered or failed. The path carries SMS_CALLBACK_SECRET",
          params: z.object({ secret: z.string() }),
          security: [],
          body: deliveryReportSchema,
          response: { 200: z.object({ result: z.string() }), ...errors(400, 404) },
        },
      },
      async (request) => ({ result: await handleDeliveryReport(ctx, request.body) }),
    );
  }

  app.get(
    apiRoutes.messages.loan(':id'),
    {
      schema: {
        tags: ['messages'],
        summary: "A loan's messages to the customer, newest first, with their delivery (10 a page)",
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: customerMessagePageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => loanMessages(ctx, request.user, request.params.id, request.query.page),
  );

  app.post(
    apiRoutes.messages.loan(':id'),
    {
      onRequest: app.requirePermission('messages.send'),
      schema: {
        tags: ['messages'],
        summary:
          "Send the loan's customer a one-off SMS: a template filled for this loan, or the officer's own text (audited)",
        params: idParamsSchema,
        body: sendMessageRequestSchema,
        response: { 201: sendMessageResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendOneOffMessage(ctx, request.user, request.params.id, request.body)),
  );

  app.get(
    apiRoutes.messages.customer(':id'),
    {
      schema: {
        tags: ['messages'],
        summary: "A customer's messages, newest first (10 a page; officers: their book's customers)",
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: customerMessagePageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => customerMessagesPage(ctx, request.user, request.params.id, request.query.page),
  );

  app.post(
    apiRoutes.messages.reminders(':id'),
    {
      onRequest: app.requirePermission('customers.reminders'),
      schema: changeByIdSchema(
        'messages',
        'The customer opts out of reminders, or back in (receipts are always sent)',
        messageSchema,
        {
          body: reminderOptOutSchema,
        },
      ),
    },
    async (request) => setReminderOptOut(ctx, request.user, request.params.id, request.body.opted_out),
  );

  app.get(
    apiRoutes.messages.templates,
    {
      onRequest: app.requirePermission('messages.templates'),
      schema: {
        tags: ['messages'],
        summary: 'Every message template with its text and the placeholders a template may use (admins)',
        response: { 200: messageTemplatesResponseSchema, ...errors(401, 403) },
      },
    },
    async () => listTemplates(ctx),
  );

  app.put(
    apiRoutes.messages.template(':kind'),
    {
      onRequest: app.requirePermission('messages.templates'),
      schema: {
        tags: ['messages'],
        summary: "Change a message kind's template (admins; audited): unknown placeholders are refused",
        params: messageTemplateKindParamsSchema,
        body: updateMessageTemplateSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => updateTemplate(ctx, request.user, request.params.kind, request.body.text),
  );

  app.get(
    apiRoutes.messages.costs,
    {
      onRequest: app.requirePermission('messages.costs'),
      schema: {
        tags: ['messages'],
        summary: 'What SMS cost per month over the last year, as the provider billed it (admins)',
        response: { 200: messageCostsSchema, ...errors(401, 403) },
      },
    },
    async () => messageCosts(ctx),
  );

  app.get(
    apiRoutes.messages.settings,
    {
      onRequest: app.requirePermission('settings.edit'),
      schema: {
        tags: ['messages'],
        summary: "The lender's settings: automatic lock, reminders, the paybill number (admins)",
        response: { 200: lenderSettingsSchema, ...errors(401, 403) },
      },
    },
    async () => lenderSettingsOf(ctx),
  );

  app.put(
    apiRoutes.messages.settings,
    {
      onRequest: app.requirePermission('settings.edit'),
      schema: {
        tags: ['messages'],
        summary: "Change the lender's settings (admins; audited)",
        body: lenderSettingsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => updateLenderSettings(ctx, request.user, request.body),
  );
};

export default messagesRoutes;
