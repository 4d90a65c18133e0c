import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  remotesConfigSchema,
  REMOTES_CONFIG_PATH,
  type RemotesConfig,
} from '@lender/shared/contract/remotes';

/**
 * The remotes configuration the shell reads when it starts: where each remote's manifest is
 * (REMOTE_<NAME>_URL overrides an entry) and which roles may load it. Never cached, so a
 * redeployed or moved remote is picked up on the next page load.
 */
const remotesRoutes: FastifyPluginAsyncZod<{ config: RemotesConfig }> = async (app, { config }) => {
  app.get(
    REMOTES_CONFIG_PATH,
    {
      schema: {
        tags: ['frontend'],
        summary: 'Where the shell finds each remote',
        security: [],
        response: { 200: remotesConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(config),
  );
};

export default remotesRoutes;
