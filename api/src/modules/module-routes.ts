import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceContext, type ServiceContext } from './service-context';

/** The app as a routes plugin receives it: its schemas are zod's. */
export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** A module's routes plugin: `register` adds the routes, whose handlers call services with `ctx`. */
export const serviceRoutes =
  (register: (app: RoutesApp, ctx: ServiceContext) => Promise<void> | void): FastifyPluginAsyncZod =>
  async (app) =>
    register(app, serviceContext(app));

// `loanServiceRoutes` (the same for loan-reading modules) is in loans/context.ts, so that this
// shared file imports no module (no cycle between modules/ and modules/loans).
