import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationListQuerySchema,
  approveApplicationRequestSchema,
  approveApplicationResponseSchema,
  createApplicationRequestSchema,
  createApplicationResponseSchema,
  pendingApplicationsPageSchema,
  rejectApplicationRequestSchema,
  rejectApplicationResponseSchema,
  rejectedApplicationsPageSchema,
} from '@lender/shared/contract/applications';
import { apiRoutes } from '@lender/shared/contract/routes';
import { serviceContext } from '../service-context';
import {
  approveApplication,
  type ApplicationsContext,
  listPending,
  listRejected,
  rejectApplication,
  submitApplication,
} from './service';
import { changeByIdSchema, createSchema, readByQuerySchema } from '../route-errors';

export interface ApplicationsRoutesOptions {
  /** LATE_FEE_PERCENT, copied onto each loan at approval. */
  lateFeePercent: string;
  /** LENDER_TZ: the lists' date filters are business dates. */
  timeZone: string;
}

const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsRoutesOptions> = async (
  app,
  { lateFeePercent, timeZone },
) => {
  const ctx: ApplicationsContext = { ...serviceContext(app), lateFeePercent, timeZone };

  app.post(
    apiRoutes.applications.create,
    {
      onRequest: app.requirePermission('applications.submit'),
      schema: createSchema(
        'loan applications',
        "Submit a loan application for a customer in the caller's book, by the caller (the body's officerId is ignored): amount within the product's bounds, a valid IMEI not financed on a pending application or unpaid loan, a deposit M-Pesa code never used, one pending application per customer",
        createApplicationRequestSchema,
        createApplicationResponseSchema,
        [400, 401, 403, 404, 409],
      ),
    },
    async (request, reply) => {
      const { id } = await submitApplication(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'Loan application submitted successfully!', id });
    },
  );

  app.get(
    apiRoutes.applications.pending,
    {
      schema: readByQuerySchema(
        'loan applications',
        "Pending applications of the customers in the caller's scope, newest first, 10 a page; officerId or userId naming someone else narrows an admin's list to that officer's customers",
        applicationListQuerySchema,
        pendingApplicationsPageSchema,
      ),
    },
    async (request) => listPending(ctx, request.user, request.query),
  );

  app.get(
    apiRoutes.applications.rejected,
    {
      schema: readByQuerySchema(
        'loan applications',
        "Rejected applications of the customers in the caller's scope, most recently rejected first, 10 a page (a page, not the specification's plain array: the list only grows); officerId or userId naming someone else narrows an admin's list to that officer's customers",
        applicationListQuerySchema,
        rejectedApplicationsPageSchema,
      ),
    },
    async (request) => listRejected(ctx, request.user, request.query),
  );

  app.put(
    apiRoutes.applications.approve(':id'),
    {
      onRequest: app.requirePermission('applications.approve'),
      schema: changeByIdSchema(
        'loan applications',
        "Approve a pending application: creates its loan (pending disbursement) with principal = disbursedAmount (≤ the product's maximum) and the product's terms copied",
        approveApplicationResponseSchema,
        { body: approveApplicationRequestSchema },
      ),
    },
    async (request) => {
      const { loanId } = await approveApplication(ctx, request.user, request.params.id, request.body);
      return { message: 'Loan application approved', loan_id: loanId };
    },
  );

  app.put(
    apiRoutes.applications.reject(':id'),
    {
      onRequest: app.requirePermission('applications.reject'),
      schema: changeByIdSchema(
        'loan applications',
        'Reject a pending application, keeping the reason (may be empty)',
        rejectApplicationResponseSchema,
        { body: rejectApplicationRequestSchema },
      ),
    },
    async (request) => {
      await rejectApplication(ctx, request.user, request.params.id, request.body);
      return { message: 'Loan application rejected' };
    },
  );
};

export default applicationsRoutes;
