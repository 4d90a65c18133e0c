import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collateralInputSchema,
  customerDetailsSchema,
  customerListQuerySchema,
  customersPageSchema,
  deleteCustomerResponseSchema,
  guarantorInputSchema,
  refereeInputSchema,
  registerCustomerFieldsSchema,
  registerCustomerResponseSchema,
  customerOverviewSchema,
  phoneCheckQuerySchema,
  phoneCheckResponseSchema,
  updateCustomerRequestSchema,
  updateCustomerResponseSchema,
} from '@lender/shared/contract/customers';
import { CUSTOMER_LISTS } from '@lender/shared/contract/customer-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import { uploadedFileSchema } from '../files/upload-schema';
import { loansContext, type LoansSettings } from '../loans/context';
import { serviceContext } from '../service-context';
import { getCustomerOverview, updateCustomerDetails } from './overview';
import {
  checkPhone,
  getCustomerDetails,
  listCustomersPage,
  registerCustomer,
  removeCustomer,
} from './service';
import { changeByIdSchema, multipartCreateSchema, readByIdSchema, readByQuerySchema } from '../route-errors';

/** `{name: schema}` → `{'referees[0][name]': schema}`: how a list travels in a multipart body. */
const bracketed = (prefix: string, shape: Record<string, z.ZodType>, optional: boolean) =>
  Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [
      `${prefix}[${name}]`,
      optional ? schema.optional() : schema,
    ]),
  );

const { collaterals: _guarantorCollaterals, ...guarantorFields } = guarantorInputSchema.shape;

/**
 * The registration's multipart body as the OpenAPI document shows it: the scalar fields, the
 * photos and the first item of each list in bracket keys (the index runs on: referees[1][name]…).
 * It documents the body only; the service validates it (see ./input.ts).
 */
const registerCustomerBodySchema = registerCustomerFieldsSchema
  .omit({ referees: true, collaterals: true, guarantors: true })
  .extend({
    national_id_photo: z
      .custom<Buffer>((value) => Buffer.isBuffer(value))
      .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' }),
    passport_photo: uploadedFileSchema.meta({ description: 'JPEG, PNG or WebP, at most 5 MB' }),
    ...bracketed('referees[0]', refereeInputSchema.shape, false),
    ...bracketed('collaterals[0]', collateralInputSchema.shape, true),
    ...bracketed('guarantors[0]', guarantorFields, true),
    ...bracketed('guarantors[0][collaterals][0]', collateralInputSchema.shape, true),
  })
  .meta({
    description:
      'multipart/form-data. Lists use bracket keys with indices from 0: referees[i][name|id_number|phone_number|relationship] (at least one), collaterals[i][item_name|item_count|additional_details], guarantors[i][name|relationship|phone_number] and guarantors[i][collaterals][j][item_name|item_count|additional_details].',
  });

/**
 * The multipart body passes through unchanged: flat bracket keys are nested and validated by the
 * service, which reports every problem at once under the key the client sent. Other parts of the
 * request are validated by the zod schemas as usual.
 */
const multipartBodyPassesThrough = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** The loan settings: the customer page shows the customer's loans with today's figures. */
export type CustomersRoutesOptions = LoansSettings;

const customersRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (app, settings) => {
  const ctx = serviceContext(app);
  const loansCtx = loansContext(app, settings);

  app.post(
    apiRoutes.customers.create,
    {
      onRequest: app.requirePermission('customers.register'),
      validatorCompiler: multipartBodyPassesThrough,
      schema: multipartCreateSchema(
        'customers',
        "Register a customer in the caller's book, with next of kin, collaterals, guarantors and photos (multipart)",
        registerCustomerBodySchema,
        registerCustomerResponseSchema,
      ),
    },
    async (request, reply) => {
      const { id } = await registerCustomer(ctx, request.user, request.body as unknown);
      return reply.code(201).send({ message: 'Customer registered successfully', id });
    },
  );

  // The customers list of shared/src/contract/customer-lists.ts.
  const list = CUSTOMER_LISTS.customers;
  app.get(
    list.api,
    {
      schema: readByQuerySchema(
        'customers',
        `${list.summary}, 10 a page; search matches names, phone and national ID; from/to narrow to registration days. An officer sees their own book whatever the query says; officerId or userId naming someone else narrows an admin's list to that officer`,
        customerListQuerySchema,
        customersPageSchema,
      ),
    },
    async (request) => listCustomersPage(loansCtx, request.user, request.query),
  );

  app.get(
    apiRoutes.customers.phoneCheck,
    {
      onRequest: app.requirePermission('customers.register'),
      schema: readByQuerySchema(
        'customers',
        "Who already has this phone number, asked while a registration or an edit is typed: the customers of the caller's book by name, the others only counted (at most 5). A shared phone is not refused",
        phoneCheckQuerySchema,
        phoneCheckResponseSchema,
      ),
    },
    async (request) => checkPhone(ctx, request.user, request.query),
  );

  app.get(
    apiRoutes.customers.details(':id'),
    {
      schema: readByIdSchema(
        'customers',
        "A customer with collaterals, next of kin and guarantors (outside the caller's book: 404)",
        customerDetailsSchema,
      ),
    },
    async (request) => getCustomerDetails(ctx, request.user, request.params.id),
  );

  app.get(
    apiRoutes.customers.overview(':id'),
    {
      schema: readByIdSchema(
        'customers',
        "The customer page: details with next of kin, collaterals, guarantors and photos, and the newest 50 applications, loans (today's figures), repayments and loan notes of the customer (outside the caller's book: 404)",
        customerOverviewSchema,
      ),
    },
    async (request) => getCustomerOverview(loansCtx, request.user, request.params.id),
  );

  app.patch(
    apiRoutes.customers.update(':id'),
    {
      onRequest: app.requirePermission('customers.edit'),
      schema: changeByIdSchema(
        'customers',
        "Correct a customer's details and next of kin (admins; audited). The national ID cannot change once the customer has an application or a loan, nor to another customer's (409)",
        updateCustomerResponseSchema,
        { body: updateCustomerRequestSchema },
      ),
    },
    async (request) => updateCustomerDetails(ctx, request.user, request.params.id, request.body),
  );

  app.delete(
    apiRoutes.customers.remove(':id'),
    {
      onRequest: app.requirePermission('customers.delete'),
      schema: changeByIdSchema(
        'customers',
        'Delete a customer who has no loan application and no loan, with their photos',
        deleteCustomerResponseSchema,
      ),
    },
    async (request) => {
      await removeCustomer(ctx, request.user, request.params.id);
      return { message: 'Customer deleted successfully' };
    },
  );
};

export default customersRoutes;
