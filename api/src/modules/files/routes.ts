import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import { openSignedFile } from './service';

/**
 * Serves a stored file to whoever holds a valid, unexpired signed URL. The API hands such URLs
 * only to callers allowed to see the owning record, so no bearer token is needed here (an
 * <img> cannot send one).
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.files(':key'),
    {
      config: { public: true },
      schema: {
        tags: ['files'],
        summary: 'A stored file, by signed URL (the API returns these URLs; they expire after 15 minutes)',
        security: [],
        params: z.object({ key: z.string() }),
        querystring: z.object({
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(100).optional(),
        }),
        response: {
          200: z.any().describe('The file, with its image content type'),
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const file = await openSignedFile(
        app.db,
        app.files.storage,
        key,
        app.files.checkSignature(key, request.query),
      );
      const secondsLeft = Math.max(0, (request.query.exp ?? 0) - Math.floor(app.clock.wallNow() / 1000));
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .send(file.stream);
    },
  );
};

export default filesRoutes;
