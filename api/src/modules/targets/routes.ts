import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '@lender/shared/contract/routes';
import {
  putTargetsRequestSchema,
  putTargetsResponseSchema,
  targetsQuerySchema,
  targetsResponseSchema,
} from '@lender/shared/contract/targets';
import { routesOf } from '../define-routes';
import { serviceContext } from '../service-context';
import { listTargets, putTargets } from './service';

const targetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContext(app);
  const route = routesOf(app, 'targets');

  route.get(apiRoutes.targets, {
    summary: "A month's targets: admins the company-wide row and every officer's; officers their own",
    querystring: targetsQuerySchema,
    response: { 200: targetsResponseSchema },
    handler: async (request) => listTargets(ctx.db, request.user, request.query.year, request.query.month),
  });

  route.put(apiRoutes.targets, {
    permission: 'targets.set',
    summary: "Set a month's targets (upsert, one transaction, audited); targets not listed are kept",
    querystring: targetsQuerySchema,
    body: putTargetsRequestSchema,
    response: { 200: putTargetsResponseSchema },
    handler: async (request) => ({
      message: 'Targets saved successfully',
      targets: await putTargets(ctx, request.user, request.query.year, request.query.month, request.body),
    }),
  });
};

export default targetsRoutes;
