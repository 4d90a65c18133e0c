import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '@lender/shared/contract/routes';
import { remoteFolders, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import { configuredClock, type Clock } from './domain/clock';
import applicationsRoutes from './modules/applications/routes';
import backupsPlugin from './modules/backups/nightly';
import backupsRoutes from './modules/backups/routes';
import customersRoutes from './modules/customers/routes';
import dashboardRoutes from './modules/dashboard/routes';
import docsRoutes from './modules/docs/routes';
import filesRoutes from './modules/files/routes';
import type { FileStorage } from './modules/files/storage';
import healthRoutes from './modules/health/routes';
import mpesaRoutes from './modules/mpesa/routes';
import deviceLockRoutes from './modules/device-lock/routes';
import deviceLockWorker from './modules/device-lock/plugin';
import messagesRoutes from './modules/messages/routes';
import smsWorker from './modules/messages/plugin';
import searchRoutes from './modules/search/routes';
import exportsRoutes from './modules/exports/routes';
import loanAgeingPlugin, { type AgeingPluginOptions } from './modules/loans/ageing';
import loansRoutes from './modules/loans/routes';
import productsRoutes from './modules/products/routes';
import remotesRoutes from './modules/remotes/routes';
import repaymentsRoutes from './modules/repayments/routes';
import reportsRoutes from './modules/reports/routes';
import { serviceContext } from './modules/service-context';
import signInThrottlesRoutes from './modules/sign-in-throttles/routes';
import targetsRoutes from './modules/targets/routes';
import usersRoutes from './modules/users/routes';
import { ensureFirstAdmin } from './modules/users/service';
import auditPlugin from './plugins/audit';
import authPlugin, { resolveJwtSecret } from './plugins/auth';
import clockPlugin from './plugins/clock';
import databasePlugin from './plugins/database';
import { RequestLogController } from './plugins/request-log';
import errorHandlerPlugin from './plugins/error-handler';
import refuseUnstorableTextPlugin from './plugins/refuse-unstorable-text';
import filesPlugin from './plugins/files';
import multipartPlugin from './plugins/multipart';
import rateLimitPlugin from './plugins/rate-limit';
import securityHeadersPlugin from './plugins/security-headers';
import staticFilesPlugin from './plugins/static-files';
import { sendNotFound } from './plugins/not-found';
import swaggerPlugin from './plugins/swagger';

/** Replaceable parts, for tests. */
export interface BuildOptions {
  clock?: Clock;
  /** An opened, migrated database that the app uses but does not close. */
  database?: DatabaseHandle;
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** False for tools that only need the API and database (the seed script). */
  serveFrontends?: boolean;
  /** The ageing pass's batch size and test hook (modules/loans/ageing.ts). */
  ageing?: Pick<AgeingPluginOptions, 'batchSize' | 'beforeBatch' | 'onBatchLocked'>;
}

/**
 * Builds the whole server: external plugins, then the app's own plugins, then the routes
 * (the order of fastify/demo). Listening is server.ts's business, so tests use app.inject.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // One line per request instead of two (plugins/request-log.ts).
    logController: new RequestLogController(),
    // Opening the database runs its pending migrations, which on a big book can take longer than
    // Fastify's default of 10 s per plugin (a first PGlite start alone takes seconds on 2 cores):
    // a slow migration must not abort the start.
    pluginTimeout: 10 * 60_000,
    // A hop count as the function proxy-addr makes of one (Fastify's types omit the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (config.fixedNow) {
    app.log.warn(
      { LENDER_NOW: config.fixedNow.toISOString() },
      'LENDER_NOW is set: business time is fixed (for tests only; refused in production)',
    );
  }
  if (config.wallAheadMs !== 0) {
    app.log.warn(
      { LENDER_WALL_AHEAD_MINUTES: config.wallAheadMs / 60_000 },
      'LENDER_WALL_AHEAD_MINUTES is set: token expiry runs ahead of real time (for tests only; refused in production)',
    );
  }
  const clock = options.clock ?? configuredClock(config);

  // The error handler first: routes take the handler in force when they are added.
  await app.register(errorHandlerPlugin);

  // External plugins.
  await app.register(securityHeadersPlugin, { remotes: config.remotes });
  await app.register(rateLimitPlugin, { max: config.rateLimitMax });
  await app.register(multipartPlugin);
  await app.register(refuseUnstorableTextPlugin);
  await app.register(swaggerPlugin);

  // The app's plugins.
  await app.register(clockPlugin, { clock, timeZone: config.timeZone });
  await app.register(databasePlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    database: options.database,
  });
  // Kept in the database when not configured, so that it needs the database first.
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir, app.db);
  await app.register(filesPlugin, {
    dataDir: config.dataDir,
    secret: jwtSecret,
    s3: config.s3,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  await app.register(auditPlugin);
  await app.register(authPlugin, { secret: jwtSecret });
  // Embedded database only: the nightly backup and `npm run backup`'s socket, once listening.
  await app.register(backupsPlugin, {
    settings: config.backups,
    timeZone: config.timeZone,
    s3: config.s3,
    dataDir: config.dataDir,
  });
  if (options.serveFrontends !== false) {
    await app.register(staticFilesPlugin, {
      staticRoot: config.staticRoot,
      remoteFolders,
      deployDir: config.deployDir,
    });
  } else {
    app.setNotFoundHandler(sendNotFound);
  }

  // One set of loan settings for every module that reads or recomputes loans (and the ageing pass).
  const loansSettings = { timeZone: config.timeZone, defaultThresholdDays: config.defaultThresholdDays };

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(usersRoutes);
      await api.register(signInThrottlesRoutes);
      await api.register(customersRoutes, loansSettings);
      await api.register(reportsRoutes, loansSettings);
      await api.register(loansRoutes, loansSettings);
      await api.register(dashboardRoutes, loansSettings);
      await api.register(productsRoutes);
      await api.register(targetsRoutes);
      await api.register(applicationsRoutes, {
        lateFeePercent: config.lateFeePercent,
        timeZone: config.timeZone,
      });
      await api.register(repaymentsRoutes, loansSettings);
      await api.register(mpesaRoutes, { ...loansSettings, mpesa: config.mpesa });
      await api.register(deviceLockRoutes, { deviceLock: config.deviceLock });
      await api.register(messagesRoutes, { timeZone: config.timeZone, sms: config.sms });
      await api.register(searchRoutes);
      await api.register(exportsRoutes, loansSettings);
      await api.register(filesRoutes);
      await api.register(backupsRoutes);
      await api.register(docsRoutes);
    },
    { prefix: API_BASE },
  );
  await app.register(remotesRoutes, {
    staticRoot: config.staticRoot,
    deployDir: config.deployDir,
    remotes: config.remotes,
  });
  // Runs in the background once the server listens, never as part of start-up (ageing.ts).
  await app.register(loanAgeingPlugin, { ...loansSettings, ...options.ageing });
  // The outboxes' workers (issue 35): delivery never runs in a request's transaction.
  const outbox = { timeZone: config.timeZone, pollMs: config.outboxPollMs };
  await app.register(deviceLockWorker, { ...outbox, deviceLock: config.deviceLock });
  await app.register(smsWorker, { ...outbox, sms: config.sms });

  app.addHook('onReady', async () => {
    const created = await ensureFirstAdmin(serviceContext(app), config.admin);
    if (!created) return;
    const password = config.admin.passwordFromEnvironment
      ? 'the password in ADMIN_PASSWORD'
      : `the password ${config.admin.password} (the default: set ADMIN_EMAIL and ADMIN_PASSWORD before the first start to choose your own)`;
    app.log.warn(
      `First start on an empty database: created the admin ${config.admin.email}. ` +
        `Sign in at http://${config.host}:${config.port}/signin with ${password}.`,
    );
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
