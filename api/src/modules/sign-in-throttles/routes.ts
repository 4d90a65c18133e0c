import { z } from 'zod';
import { idParamsSchema, pageSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import {
  clearSignInThrottleResponseSchema,
  SIGN_IN_THROTTLE_TEXTS,
  signInThrottlesPageSchema,
} from '@lender/shared/contract/sign-in-throttles';
import { serviceRoutes } from '../module-routes';
import { clearSignInThrottle, listSignInThrottles } from './service';
import { errors } from '../route-errors';

const signInThrottlesRoutes = serviceRoutes((app, ctx) => {
  app.get(
    apiRoutes.signInThrottles.list,
    {
      onRequest: app.requirePermission('signInThrottles.list'),
      schema: {
        tags: ['users'],
        summary:
          'Throttled sign-ins (per account + address, and per address), most recent failure first, 10 a page',
        querystring: z.object({ page: pageSchema }),
        response: { 200: signInThrottlesPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => listSignInThrottles(ctx, request.query.page),
  );

  app.delete(
    apiRoutes.signInThrottles.clear(':id'),
    {
      onRequest: app.requirePermission('signInThrottles.clear'),
      schema: {
        tags: ['users'],
        summary: 'Clear a throttle: that account + address (or address) may sign in again at once (audited)',
        params: idParamsSchema,
        response: { 200: clearSignInThrottleResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await clearSignInThrottle(ctx, request.user, request.params.id);
      return { message: SIGN_IN_THROTTLE_TEXTS.cleared };
    },
  );
});

export default signInThrottlesRoutes;
