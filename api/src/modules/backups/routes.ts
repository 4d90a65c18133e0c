import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusSchema } from '@lender/shared/contract/backups';
import { apiRoutes } from '@lender/shared/contract/routes';
import { errors } from '../route-errors';
import { backupStatus } from './service';

const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.backups.status,
    {
      onRequest: app.requirePermission('backups.status'),
      schema: {
        tags: ['backups'],
        summary:
          'The last successful backup of the embedded database, and whether it is older than 26 hours (with DATABASE_URL: the PostgreSQL server keeps the backups)',
        response: { 200: backupStatusSchema, ...errors(401, 403) },
      },
    },
    async () => backupStatus(app.backups.context),
  );
};

export default backupsRoutes;
