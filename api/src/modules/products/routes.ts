import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProductRequestSchema,
  createProductResponseSchema,
  productListResponseSchema,
} from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import { routesOf } from '../define-routes';
import { serviceContext } from '../service-context';
import { createLoanProduct, listLoanProducts } from './service';

const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContext(app);
  const route = routesOf(app, 'loan products');

  route.get(apiRoutes.products.list, {
    summary: 'Every loan product, ordered by name',
    response: { 200: productListResponseSchema },
    handler: async () => listLoanProducts(ctx),
  });

  route.post(apiRoutes.products.create, {
    permission: 'products.create',
    summary:
      'Create a loan product: name unique case-insensitively, min > 0, max ≥ min, interest rate 0–100 (flat, for the term), duration 7–730 days (30 when left out)',
    body: createProductRequestSchema,
    response: { 201: createProductResponseSchema },
    errors: [409],
    handler: async (request, reply) => {
      const product = await createLoanProduct(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'Loan product created successfully', product });
    },
  });
};

export default productsRoutes;
