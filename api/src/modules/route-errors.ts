import { apiErrorSchema, idParamsSchema } from '@lender/shared/contract/common';
import type { ZodType } from 'zod';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** A route schema's error answers: each listed status answers the one error shape (docs/product.md#errors). */
export const errors = (...codes: ErrorStatus[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<number, typeof apiErrorSchema>;

/**
 * The schema of a read of one record by its id (`:id`): the tag and summary, the id param, and
 * `response` or an error (400, 401, 404).
 */
export const readByIdSchema = <Response extends ZodType>(
  tag: string,
  summary: string,
  response: Response,
) => ({
  tags: [tag],
  summary,
  params: idParamsSchema,
  response: { 200: response, ...errors(400, 401, 404) },
});

/**
 * The schema of a read answered from its query string (a list, a page, a report, a search): the
 * tag and summary, the query, and `response` or an error (400, 401).
 */
export const readByQuerySchema = <Query extends ZodType, Response extends ZodType>(
  tag: string,
  summary: string,
  querystring: Query,
  response: Response,
) => ({
  tags: [tag],
  summary,
  querystring,
  response: { 200: response, ...errors(400, 401) },
});
