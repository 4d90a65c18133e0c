import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchemaCompiler,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Action } from '@lender/shared/domain/permissions';
import { errors, type ErrorStatus } from './route-errors';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The success answers of a route: its status (200 or 201) and shape. */
type SuccessResponses = Partial<Record<200 | 201, unknown>>;

/** One route as the modules write it: the OpenAPI facts, who may call it and what it does. */
export interface RouteSpec<P, Q, B, R extends SuccessResponses> {
  summary: string;
  /** Callers whose role may not do this action meet 403 before the handler runs. */
  permission?: Action;
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  /**
   * Error answers beyond those the route's shape implies: 400 when it takes input, 401 unless it
   * is public, 403 when it needs a permission, 404 when its path names a record (`:id`).
   */
  errors?: ErrorStatus[];
  config?: FastifyContextConfig;
  consumes?: string[];
  security?: Record<string, string[]>[];
  validatorCompiler?: FastifySchemaCompiler<unknown>;
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    { params: P; querystring: Q; body: B; response: R },
    ZodTypeProvider
  >;
}

/** Every error status a route answers, each with the one error shape (domain rules §11). */
function errorStatuses(
  url: string,
  spec: Pick<
    RouteSpec<unknown, unknown, unknown, SuccessResponses>,
    'params' | 'querystring' | 'body' | 'config' | 'permission' | 'errors'
  >,
): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (spec.params || spec.querystring || spec.body) implied.push(400);
  if (!spec.config?.public) implied.push(401);
  if (spec.permission) implied.push(403);
  if (url.includes(':id')) implied.push(404);
  return [...new Set([...implied, ...(spec.errors ?? [])])];
}

/**
 * The routes of one OpenAPI tag: `routesOf(app, 'loans').get(url, spec)` registers a route whose
 * schema, permission hook and error answers all follow from `spec`.
 */
export function routesOf(app: ZodApp, tag: string) {
  const add =
    (method: HTTPMethods) =>
    <P, Q, B, R extends SuccessResponses>(url: string, spec: RouteSpec<P, Q, B, R>) => {
      const { summary, permission, params, querystring, body, response, config, consumes, security } = spec;
      app.route({
        method,
        url,
        ...(config && { config }),
        ...(permission && { onRequest: app.requirePermission(permission) }),
        ...(spec.validatorCompiler && { validatorCompiler: spec.validatorCompiler }),
        schema: {
          tags: [tag],
          summary,
          ...(security && { security }),
          ...(consumes && { consumes }),
          ...(params !== undefined && { params }),
          ...(querystring !== undefined && { querystring }),
          ...(body !== undefined && { body }),
          response: { ...response, ...errors(...errorStatuses(url, spec)) },
        },
        // The spec's handler is typed against the spec's schemas; app.route cannot see that link.
        handler: spec.handler as RouteHandlerMethod,
      });
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') };
}
