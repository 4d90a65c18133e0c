import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { MAX_IMAGE_BYTES } from '../modules/files/service';

/**
 * multipart/form-data bodies (user avatars, customer photos) become plain objects: text fields
 * as strings, files as Buffers, so that routes validate them with zod like any body. Files are
 * capped at 5 MB while they stream in (413 beyond), before any handler runs.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 200, fieldSize: 64 * 1024, parts: 210 },
    });
  },
  { name: 'multipart' },
);
