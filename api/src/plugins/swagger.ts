import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';

/** OpenAPI from the same zod schemas that validate requests; served at /api/docs/openapi.json. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Lender back office API',
          description:
            'Loans, customers and repayments for a phone-financing lender. Every route but sign-in, health and signed file URLs needs a bearer token.',
          version: CONTRACT_VERSION,
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
      hideUntagged: true,
    });
  },
  { name: 'swagger' },
);
