import {
  createProductRequestSchema,
  createProductResponseSchema,
  productListResponseSchema,
} from '@lender/shared/contract/products';
import { apiRoutes } from '@lender/shared/contract/routes';
import { serviceRoutes } from '../module-routes';
import { createLoanProduct, listLoanProducts } from './service';
import { createSchema, errors } from '../route-errors';

const productsRoutes = serviceRoutes((app, ctx) => {
  app.get(
    apiRoutes.products.list,
    {
      schema: {
        tags: ['loan products'],
        summary: 'Every loan product, ordered by name',
        response: { 200: productListResponseSchema, ...errors(401) },
      },
    },
    async () => listLoanProducts(ctx),
  );

  app.post(
    apiRoutes.products.create,
    {
      onRequest: app.requirePermission('products.create'),
      schema: createSchema(
        'loan products',
        'Create a loan product: name unique case-insensitively, min > 0, max ≥ min, interest rate 0–100 (flat, for the term), duration 7–730 days (30 when left out)',
        createProductRequestSchema,
        createProductResponseSchema,
        [400, 401, 403, 409],
      ),
    },
    async (request, reply) => {
      const product = await createLoanProduct(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'Loan product created successfully', product });
    },
  );
});

export default productsRoutes;
