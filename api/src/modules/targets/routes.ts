import { apiRoutes } from '@lender/shared/contract/routes';
import {
  putTargetsRequestSchema,
  putTargetsResponseSchema,
  targetsQuerySchema,
  targetsResponseSchema,
} from '@lender/shared/contract/targets';
import { serviceRoutes } from '../module-routes';
import { listTargets, putTargets } from './service';
import { errors, readByQuerySchema } from '../route-errors';

const targetsRoutes = serviceRoutes((app, ctx) => {
  app.get(
    apiRoutes.targets,
    {
      schema: readByQuerySchema(
        'targets',
        "A month's targets: admins the company-wide row and every officer's; officers their own",
        targetsQuerySchema,
        targetsResponseSchema,
      ),
    },
    async (request) => listTargets(ctx.db, request.user, request.query.year, request.query.month),
  );

  app.put(
    apiRoutes.targets,
    {
      onRequest: app.requirePermission('targets.set'),
      schema: {
        tags: ['targets'],
        summary: "Set a month's targets (upsert, one transaction, audited); targets not listed are kept",
        querystring: targetsQuerySchema,
        body: putTargetsRequestSchema,
        response: { 200: putTargetsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      message: 'Targets saved successfully',
      targets: await putTargets(ctx, request.user, request.query.year, request.query.month, request.body),
    }),
  );
});

export default targetsRoutes;
