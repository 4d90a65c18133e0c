import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI document generated from the shared zod schemas (no token needed). */
const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
};

export default docsRoutes;
