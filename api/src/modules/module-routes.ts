import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loansContext, type LoansContext, type LoansSettings } from './loans/context';
import { serviceContext, type ServiceContext } from './service-context';

/** The app as a routes plugin receives it: its schemas are zod's. */
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** A module's routes plugin: `register` adds the routes, whose handlers call services with `ctx`. */
export const serviceRoutes =
  (register: (app: RoutesApp, ctx: ServiceContext) => Promise<void> | void): FastifyPluginAsyncZod =>
  async (app) =>
    register(app, serviceContext(app));

/**
 * The routes plugin of a module whose services read loans: registered with LENDER_TZ and the loan
 * policy (app.ts passes the same to every such module), its handlers call services with `ctx`.
 */
export const loanServiceRoutes =
  (
    register: (app: RoutesApp, ctx: LoansContext) => Promise<void> | void,
  ): FastifyPluginAsyncZod<LoansSettings> =>
  async (app, settings) =>
    register(app, loansContext(app, settings));
