import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageSchema } from '@lender/shared/contract/common';
import {
  deviceAlertPageSchema,
  deviceCommandPageSchema,
  deviceProblemsQuerySchema,
  deviceProblemsSummarySchema,
  deviceWebhookSchema,
} from '@lender/shared/contract/device-lock';
import { apiRoutes } from '@lender/shared/contract/routes';
import { callbackGuard } from '../../plugins/callback-guard';
import { serviceContext } from '../service-context';
import { changeByIdSchema, errors } from '../route-errors';
import {
  clearDeviceAlert,
  customerCommands,
  deviceAlerts,
  deviceProblems,
  failingCommands,
  handleDeviceReport,
  loanCommands,
  retryCommand,
} from './service';

/** DEVICELOCK_*: read by config.ts (docs/integrations.md#device-lock). */
export interface DeviceLockConfig {
  /** DEVICELOCK_API_URL: the provider's API base; unset: commands are queued and not sent. */
  apiUrl: string | undefined;
  /** DEVICELOCK_API_TOKEN: a fixed x-knox-apitoken (the simulator's, or one minted elsewhere). */
  apiToken: string | undefined;
  /** DEVICELOCK_KEYS_FILE: keys.json from the Knox Cloud API portal (Knox Cloud Authentication). */
  keysFile: string | undefined;
  /** DEVICELOCK_CLIENT_ID: the Client Identifier from the same portal. */
  clientId: string | undefined;
  /** DEVICELOCK_WEBHOOK_SECRET: the secret in the status callback's path; unset: no callback route (404). */
  webhookSecret: string | undefined;
  /** DEVICELOCK_ALLOWED_IPS: the provider's callback addresses; unset: any. */
  allowedIps: string[] | undefined;
}

const pageQuery = { querystring: deviceProblemsQuerySchema };

const deviceLockRoutes: FastifyPluginAsyncZod<{ deviceLock: DeviceLockConfig }> = async (
  app,
  { deviceLock },
) => {
  const ctx = serviceContext(app);

  if (deviceLock.webhookSecret !== undefined) {
    app.post(
      apiRoutes.deviceLock.webhook(':secret'),
      {
        config: { public: true },
        onRequest: callbackGuard(deviceLock.webhookSecret, deviceLock.allowedIps),
        schema: {
          tags: ['device-lock'],
          summary:
            "The device-lock provider's status report (Knox Guard's device status callback): confirms the command it answers, or flags a state nobody asked for. The path carries DEVICELOCK_WEBHOOK_SECRET",
          params: z.object({ secret: z.string() }),
          security: [],
          body: deviceWebhookSchema,
          response: { 200: z.object({ result: z.string() }), ...errors(400, 404) },
        },
      },
      async (request) => {
        const result = await handleDeviceReport(ctx, request.body);
        request.log.info(
          { deviceUid: request.body.deviceUid, status: request.body.status, result },
          'Device report',
        );
        return { result };
      },
    );
  }

  app.get(
    apiRoutes.deviceLock.loanCommands(':id'),
    {
      schema: {
        tags: ['device-lock'],
        summary: "A loan's device commands, newest first, with their delivery (10 a page)",
        params: idParamsSchema,
        ...pageQuery,
        response: { 200: deviceCommandPageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => loanCommands(ctx, request.user, request.params.id, request.query.page),
  );

  app.get(
    apiRoutes.deviceLock.customerCommands(':id'),
    {
      schema: {
        tags: ['device-lock'],
        summary:
          "The device commands about a customer's phones, newest first (10 a page; officers: their book's)",
        params: idParamsSchema,
        ...pageQuery,
        response: { 200: deviceCommandPageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => customerCommands(ctx, request.user, request.params.id, request.query.page),
  );

  const admin = { onRequest: app.requirePermission('devices.manage') };

  app.get(
    apiRoutes.deviceLock.failing,
    {
      ...admin,
      schema: {
        tags: ['device-lock'],
        summary: 'Device commands failing: refused by the provider, or undelivered after 3 attempts (admins)',
        ...pageQuery,
        response: { 200: deviceCommandPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => failingCommands(ctx, request.query.page),
  );

  app.get(
    apiRoutes.deviceLock.alerts,
    {
      ...admin,
      schema: {
        tags: ['device-lock'],
        summary: 'Phones the provider reported in a state the product did not ask for (admins)',
        ...pageQuery,
        response: { 200: deviceAlertPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => deviceAlerts(ctx, request.query.page),
  );

  app.get(
    apiRoutes.deviceLock.summary,
    {
      ...admin,
      schema: {
        tags: ['device-lock'],
        summary: "The dashboard's count of failing device commands and device alerts (admins)",
        response: { 200: deviceProblemsSummarySchema, ...errors(401, 403) },
      },
    },
    async () => deviceProblems(ctx),
  );

  app.post(
    apiRoutes.deviceLock.retry(':id'),
    {
      ...admin,
      schema: changeByIdSchema(
        'device-lock',
        'Send a failing or refused device command again now (admins)',
        messageSchema,
      ),
    },
    async (request) => retryCommand(ctx, request.user, request.params.id),
  );

  app.delete(
    apiRoutes.deviceLock.alert(':id'),
    {
      ...admin,
      schema: changeByIdSchema(
        'device-lock',
        "Clear a phone's device alert once dealt with (admins)",
        messageSchema,
      ),
    },
    async (request) => clearDeviceAlert(ctx, request.user, request.params.id),
  );
};

export default deviceLockRoutes;
