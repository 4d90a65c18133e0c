import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remotesConfigSchema, REMOTES_CONFIG_PATH } from '@lender/shared/contract/remotes';
import { createRemotesConfigSource, type RemotesSource } from './service';

/**
 * The remotes configuration the shell reads when it starts: where each remote's manifest is,
 * which roles may load it, and what it contributes (routes, menu). Never cached, so a deployed
 * or rolled-back remote is picked up on the next page load.
 */
const remotesRoutes: FastifyPluginAsyncZod<RemotesSource> = async (app, source) => {
  const current = createRemotesConfigSource(source);
  app.get(
    REMOTES_CONFIG_PATH,
    {
      schema: {
        tags: ['frontend'],
        summary: 'Where the shell finds each remote, and what each contributes',
        security: [],
        response: { 200: remotesConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(current()),
  );
};

export default remotesRoutes;
