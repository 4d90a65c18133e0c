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

/**
 * The schema of a change to one record by its id (`:id`) that only some roles may make: the tag
 * and summary, the id param, the body if any, and `response` or an error (400, 401, 403, 404 for
 * no such record, 409 when the record's state refuses the change).
 */
export const changeByIdSchema = <
  Response extends ZodType,
  Input extends { body?: ZodType } = Record<never, never>,
>(
  tag: string,
  summary: string,
  response: Response,
  input?: Input,
) => ({
  tags: [tag],
  summary,
  params: idParamsSchema,
  ...(input as Input),
  response: { 200: response, ...errors(400, 401, 403, 404, 409) },
});

/**
 * The schema of a creation (201 with `response`): the tag and summary, the body, and the error
 * statuses the route answers.
 */
export const createSchema = <Body extends ZodType, Response extends ZodType>(
  tag: string,
  summary: string,
  body: Body,
  response: Response,
  codes: ErrorStatus[],
) => ({
  tags: [tag],
  summary,
  body,
  response: { 201: response, ...errors(...codes) },
});

/** createSchema for a multipart registration (fields and files): a body too large is 413, a taken unique value 409. */
export const multipartCreateSchema = <Body extends ZodType, Response extends ZodType>(
  tag: string,
  summary: string,
  body: Body,
  response: Response,
) => ({
  ...createSchema(tag, summary, body, response, [400, 401, 403, 409, 413]),
  consumes: ['multipart/form-data'],
});

/**
 * The schema of a batch of decisions (issue 34, modules/batch-decisions.ts) only some roles may
 * take: the tag and summary, the body, and 200 with every item's outcome, or an error for the
 * request as a whole (400 for a list that is empty, too long, repeats an item or holds a bad one;
 * 401; 403).
 */
export const batchSchema = <Body extends ZodType, Response extends ZodType>(
  tag: string,
  summary: string,
  body: Body,
  response: Response,
) => ({
  tags: [tag],
  summary,
  body,
  response: { 200: response, ...errors(400, 401, 403) },
});
