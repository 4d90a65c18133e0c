import { z } from 'zod';

/**
 * A file part of a multipart request: @fastify/multipart (attachFieldsToBody: 'keyValues')
 * puts its bytes in the body as a Buffer. An empty text value counts as no file. Whether the
 * bytes are an acceptable image is for the service to say (files/service.ts inspectImage).
 */
export const uploadedFileSchema = z
  .preprocess(
    (value) => (value === '' ? undefined : value),
    z.custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'Must be a file upload' }).optional(),
  )
  .meta({ type: 'string', format: 'binary' });
