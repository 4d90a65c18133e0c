import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../domain/errors';

/**
 * The first field (body, query string, path) holding a NUL character, as `referees.0.name`.
 * PostgreSQL cannot store one in text (SQLSTATE 22021), so without this check any text field
 * could turn a request into a 500; no field of the product has a use for it.
 */
export function fieldWithNul(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = fieldWithNul(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses, before validation, a request whose text holds a NUL character: a 400 naming the field. */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = fieldWithNul(part);
        if (field !== undefined)
          throw ValidationError.field(field, `${field} must not contain a NUL character`);
      }
    });
  },
  { name: 'refuse-nul' },
);
