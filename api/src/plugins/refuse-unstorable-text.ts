import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../domain/errors';

type Flaw = { field: string; message: string };

/** In a `u` regular expression only an unpaired surrogate matches \p{Surrogate}. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why PostgreSQL could not store this text, if it could not. */
function flawOf(text: string): string | undefined {
  // SQLSTATE 22021: text cannot hold a NUL character.
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  // A lone UTF-16 surrogate has no UTF-8 form: stored in text it silently becomes U+FFFD, and in
  // an audit entry's jsonb it is SQLSTATE 22P05. No field of the product has a use for one.
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

/**
 * The first field (body, query string, path) holding text PostgreSQL cannot store, as
 * `referees.0.name`, with what is wrong with it. Keys are checked as well as values.
 */
export function unstorableField(value: unknown, path: string[] = []): Flaw | undefined {
  if (typeof value === 'string') {
    const message = flawOf(value);
    return message === undefined ? undefined : { field: path.join('.') || 'body', message };
  }
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const keyFlaw = flawOf(key);
    if (keyFlaw !== undefined)
      return {
        field: [...path, key.replaceAll('\u0000', '').replace(/\p{Surrogate}/gu, '\uFFFD')].join('.'),
        message: keyFlaw,
      };
    const found = unstorableField(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses, before validation, a request holding text that cannot be stored: a 400 naming the field. */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const part of [request.params, request.query, request.body]) {
        const flaw = unstorableField(part);
        if (flaw !== undefined) throw ValidationError.field(flaw.field, `${flaw.field} ${flaw.message}`);
      }
    });
  },
  { name: 'refuse-unstorable-text' },
);
