import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICATION_PAGE_SCHEMAS,
  applicationListQuerySchemaOf,
  approveApplicationRequestSchema,
  approveApplicationResponseSchema,
  createApplicationRequestSchema,
  createApplicationResponseSchema,
  rejectApplicationRequestSchema,
  rejectApplicationResponseSchema,
} from '@lender/shared/contract/applications';
import {
  approveApplicationsBatchRequestSchema,
  batchDecisionResponseSchema,
} from '@lender/shared/contract/batch-decisions';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { APPLICATION_LIST_NAMES, applicationList } from '@lender/shared/contract/application-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import { serviceContext } from '../service-context';
import {
  approveApplication,
  type ApplicationsContext,
  listApplicationsPage,
  rejectApplication,
  submitApplication,
} from './service';
import { listRoutes } from '../list-routes';
import { batchSchema, changeByIdSchema, createSchema } from '../route-errors';
import { BATCH_NOTE, decideEach } from '../batch-decisions';

const APPROVED = 'Loan application approved';

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

  // Every application list of shared/src/contract/application-lists.ts, alike.
  listRoutes(
    app,
    {
      tag: 'loan applications',
      names: APPLICATION_LIST_NAMES,
      list: applicationList,
      note: "; officerId or userId naming someone else narrows an admin's list to that officer's customers",
      query: applicationListQuerySchemaOf,
      page: (list) => APPLICATION_PAGE_SCHEMAS[list.rows],
    },
    (name, request) => listApplicationsPage(ctx, request.user, name, request.query),
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
      return { message: APPROVED, loan_id: loanId };
    },
  );

  app.post(
    apiRoutes.applications.approveBatch,
    {
      onRequest: app.requirePermission('applications.approve'),
      schema: batchSchema(
        'loan applications',
        `Approve several pending applications (issue 34), each at the amount applied for, as PUT /loansApplication/approve/{id} does with that amount: each creates its loan (pending disbursement); a success names the new loan's paybill account number. ${BATCH_NOTE}`,
        approveApplicationsBatchRequestSchema,
        batchDecisionResponseSchema,
      ),
    },
    async (request) => ({
      results: await decideEach(
        request.body.ids,
        (id) => id,
        async (id) => {
          const { loanId } = await approveApplication(ctx, request.user, id, 'applied');
          return `${APPROVED}: paybill account number ${encodeAccountNumber(loanId)}`;
        },
        request.log,
      ),
    }),
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
