import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, pageSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import {
  clearSignInThrottleResponseSchema,
  SIGN_IN_THROTTLE_TEXTS,
  signInThrottlesPageSchema,
} from '@lender/shared/contract/sign-in-throttles';
import { routesOf } from '../define-routes';
import { serviceContext } from '../service-context';
import { clearSignInThrottle, listSignInThrottles } from './service';

const signInThrottlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContext(app);
  const route = routesOf(app, 'users');

  route.get(apiRoutes.signInThrottles.list, {
    permission: 'signInThrottles.list',
    summary:
      'Throttled sign-ins (per account + address, and per address), most recent failure first, 10 a page',
    querystring: z.object({ page: pageSchema }),
    response: { 200: signInThrottlesPageSchema },
    handler: async (request) => listSignInThrottles(ctx, request.query.page),
  });

  route.delete(apiRoutes.signInThrottles.clear(':id'), {
    permission: 'signInThrottles.clear',
    summary: 'Clear a throttle: that account + address (or address) may sign in again at once (audited)',
    params: idParamsSchema,
    response: { 200: clearSignInThrottleResponseSchema },
    handler: async (request) => {
      await clearSignInThrottle(ctx, request.user, request.params.id);
      return { message: SIGN_IN_THROTTLE_TEXTS.cleared };
    },
  });
};

export default signInThrottlesRoutes;
