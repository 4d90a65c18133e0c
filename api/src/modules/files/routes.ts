import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ForbiddenError, NotFoundError } from '../../domain/errors';
import { findFile } from './repository';
import { FILE_KEY_PATTERN } from './storage';

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
      const check = app.files.checkSignature(key, request.query);
      if (check !== 'valid') {
        throw new ForbiddenError(
          check === 'expired' ? 'This file link has expired; reload the page' : 'This file link is not valid',
        );
      }
      const row = FILE_KEY_PATTERN.test(key) ? await findFile(app.db, key) : undefined;
      const stream = row ? await app.files.storage.open(key) : null;
      if (!row || !stream) throw new NotFoundError('File not found');
      const secondsLeft = Math.max(0, (request.query.exp ?? 0) - Math.floor(app.clock.wallNow() / 1000));
      return reply
        .header('content-type', row.mime)
        .header('content-length', row.size)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .send(stream);
    },
  );
};

export default filesRoutes;
