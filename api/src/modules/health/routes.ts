import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';

/** Liveness and readiness in one: 200 once the database answers, 503 while it does not. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.health,
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Health of the server and its database',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const driver = app.database.driver;
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'up' as const, driver, contractVersion: CONTRACT_VERSION };
      } catch (error) {
        app.log.error({ err: error }, 'Health check: the database does not answer');
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'down', driver, contractVersion: CONTRACT_VERSION });
      }
    },
  );
};

export default healthRoutes;
