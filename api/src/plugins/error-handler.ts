import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, FieldError } from '@lender/shared/contract/common';
import {
  ConflictError,
  DomainError,
  PayloadTooLargeError,
  TooManyRequestsError,
  ValidationError,
} from '../domain/errors';

const STATUS_ERRORS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden' };

/** Messages for the framework's and plugins' own 4xx errors, in the product's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_FILES_LIMIT: 'Too many files in one request',
  FST_FIELDS_LIMIT: 'Too many fields in one request',
  FST_PARTS_LIMIT: 'Too many parts in one request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data',
};

/**
 * Database refusals that input or a race can cause, with the answer they deserve: the checks
 * before a write (schemas, services) should catch them first, so reaching here is a 4xx the
 * caller can act on, not the server's fault. By SQLSTATE (pg and PGlite alike); drizzle wraps
 * the driver's error in `cause`.
 */
const DATABASE_REFUSALS: Record<string, { statusCode: number; message: string }> = {
  '23503': {
    statusCode: 409,
    message: 'A record this request refers to was changed or removed meanwhile. Reload and try again.',
  },
  '23505': { statusCode: 409, message: 'This record already exists. Reload and try again.' },
  '22021': { statusCode: 400, message: 'Text must not contain a NUL character' },
  '22P05': { statusCode: 400, message: 'Text must not contain a NUL character' },
  '22003': { statusCode: 400, message: 'A number in the request is out of range' },
};

export function databaseRefusal(error: unknown) {
  for (let cause = error, depth = 0; cause && depth < 3; depth += 1) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && code in DATABASE_REFUSALS) return DATABASE_REFUSALS[code];
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** "/referees/0/name" → "referees.0.name"; the whole body/query when the path is empty. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

function send(reply: FastifyReply, statusCode: number, body: ApiError) {
  const error = STATUS_ERRORS[statusCode];
  return reply.code(statusCode).send(error && !body.error ? { ...body, error } : body);
}

function validationBody(errors: FieldError[]): ApiError {
  const message = errors.map((e) => `${e.field}: ${e.msg}`).join('; ');
  return { message, errors };
}

/**
 * The one place that shapes failures (docs/product.md#errors): JSON with a human-readable message;
 * `errors[{field,msg}]` on validation failures; an `error` field on 401/403; never a stack
 * trace; and a 5xx only for the server's own faults (logged, with a generic message).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          field: fieldName(issue.instancePath, error.validationContext),
          msg: issue.message ?? 'Invalid value',
        }));
        return send(reply, 400, validationBody(errors));
      }
      if (error instanceof ValidationError) return send(reply, 400, validationBody(error.errors));
      if (error instanceof TooManyRequestsError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
        return send(reply, 429, { message: error.message, retryAfterSeconds: error.retryAfterSeconds });
      }
      if (error instanceof PayloadTooLargeError) {
        return send(reply, 413, {
          message: error.message,
          ...(error.field ? { errors: [{ field: error.field, msg: error.message }] } : {}),
        });
      }
      if (error instanceof ConflictError && error.field) {
        return send(reply, 409, {
          message: error.message,
          errors: [{ field: error.field, msg: error.message }],
        });
      }
      if (error instanceof DomainError) {
        return send(reply, error.statusCode, {
          message: error.message,
          ...(error.error ? { error: error.error } : {}),
        });
      }

      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
        if (statusCode === 429) {
          const retryAfter = Number(reply.getHeader('retry-after'));
          return send(reply, 429, {
            message: 'Too many requests. Please slow down and try again shortly.',
            ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
          });
        }
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
          const field = (error as { part?: { fieldname?: string } }).part?.fieldname ?? 'file';
          return send(reply, 413, { ...validationBody([{ field, msg: 'File must be at most 5 MB' }]) });
        }
        return send(reply, statusCode, { message });
      }

      const refusal = databaseRefusal(error);
      if (refusal) {
        request.log.warn({ err: error }, 'Refused by the database');
        return send(reply, refusal.statusCode, { message: refusal.message });
      }

      request.log.error({ err: error }, 'Unexpected error');
      return send(reply, 500, { message: 'An unexpected error occurred' });
    });
  },
  { name: 'error-handler' },
);
