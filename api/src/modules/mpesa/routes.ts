import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@lender/shared/contract/common';
import { c2bCallbackSchema, c2bResultSchema, C2B_RESULTS } from '@lender/shared/contract/mpesa-c2b';
import { apiRoutes } from '@lender/shared/contract/routes';
import { SUSPENSE_LISTS } from '@lender/shared/contract/suspense-lists';
import {
  assignSuspenseRequestSchema,
  assignSuspenseResponseSchema,
  refundSuspenseRequestSchema,
  suspenseListQuerySchema,
  suspenseLoanOptionsSchema,
  suspenseLoanSearchQuerySchema,
  suspensePageSchema,
  suspenseSummarySchema,
} from '@lender/shared/contract/suspense';
import { loansContext, type LoansSettings } from '../loans/context';
import { changeByIdSchema, errors } from '../route-errors';
import { callbackGuard } from '../../plugins/callback-guard';
import {
  assignSuspensePayment,
  confirmPayment,
  getSuspenseSummary,
  listSuspensePage,
  refundSuspensePayment,
  searchLoansForPayment,
  validatePayment,
  type MpesaContext,
} from './service';

/** MPESA_*: read by config.ts. */
export interface MpesaConfig {
  /**
   * MPESA_CALLBACK_SECRET: the secret in the callback URLs registered with Daraja
   * (/api/mpesa/c2b/<secret>/confirmation). Unset: no callback route exists (404).
   */
  callbackSecret: string | undefined;
  /** MPESA_ALLOWED_IPS: Safaricom's callback addresses (and CIDR ranges); unset: any address. */
  allowedIps: string[] | undefined;
  /** MPESA_ACCEPT_ALL: validation accepts every account number (the unmatched go to suspense). */
  acceptAll: boolean;
}

export type MpesaRoutesOptions = LoansSettings & { mpesa: MpesaConfig };

const mpesaRoutes: FastifyPluginAsyncZod<MpesaRoutesOptions> = async (app, { mpesa, ...settings }) => {
  const ctx: MpesaContext = { ...loansContext(app, settings), mpesa: { acceptAll: mpesa.acceptAll } };

  const { callbackSecret } = mpesa;
  if (callbackSecret !== undefined) {
    const guard = callbackGuard(callbackSecret, mpesa.allowedIps);
    const callback = {
      config: { public: true },
      params: z.object({ secret: z.string() }),
      // Public (no bearer token): the secret in the path and the allow-list guard them.
      security: [],
    };

    app.post(
      apiRoutes.mpesa.validation(':secret'),
      {
        config: callback.config,
        onRequest: guard,
        schema: {
          tags: ['mpesa'],
          summary:
            'Daraja C2B validation: accepts an account number that names an open loan, else C2B00012 (MPESA_ACCEPT_ALL accepts all). The path carries MPESA_CALLBACK_SECRET',
          params: callback.params,
          security: callback.security,
          body: c2bCallbackSchema,
          response: { 200: c2bResultSchema, ...errors(400, 404) },
        },
      },
      async (request) => validatePayment(ctx, request.body),
    );

    app.post(
      apiRoutes.mpesa.confirmation(':secret'),
      {
        config: callback.config,
        onRequest: guard,
        schema: {
          tags: ['mpesa'],
          summary:
            'Daraja C2B confirmation: records the payment once per TransID and applies it to the loan its account number names (else the suspense queue). The path carries MPESA_CALLBACK_SECRET',
          params: callback.params,
          security: callback.security,
          body: c2bCallbackSchema,
          response: { 200: c2bResultSchema, ...errors(400, 404) },
        },
      },
      async (request) => {
        const outcome = await confirmPayment(ctx, request.body);
        request.log.info({ transId: request.body.TransID, outcome }, 'M-Pesa confirmation');
        return C2B_RESULTS.accepted;
      },
    );
  }

  const admin = { onRequest: app.requirePermission('mpesa.suspense') };

  // The suspense list of shared/src/contract/suspense-lists.ts.
  const suspense = SUSPENSE_LISTS.suspense;
  app.get(
    suspense.api,
    {
      ...admin,
      schema: {
        tags: ['mpesa'],
        summary: `${suspense.summary}, 10 a page; search by code, account typed, payer name or amount`,
        querystring: suspenseListQuerySchema,
        response: { 200: suspensePageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => listSuspensePage(ctx, request.query),
  );

  app.get(
    apiRoutes.mpesa.suspenseSummary,
    {
      ...admin,
      schema: {
        tags: ['mpesa'],
        summary: 'How many paybill payments wait in suspense, and how much money',
        response: { 200: suspenseSummarySchema, ...errors(401, 403) },
      },
    },
    async () => getSuspenseSummary(ctx),
  );

  app.get(
    apiRoutes.mpesa.suspenseLoans,
    {
      ...admin,
      schema: {
        tags: ['mpesa'],
        summary:
          'Open loans a payment could go to, by account number, phone number, national ID or customer name (at most 10), with what each owes',
        querystring: suspenseLoanSearchQuerySchema,
        response: { 200: suspenseLoanOptionsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => searchLoansForPayment(ctx, request.query.search),
  );

  app.post(
    apiRoutes.mpesa.assign(':id'),
    {
      ...admin,
      schema: changeByIdSchema(
        'mpesa',
        'Apply a waiting payment to a loan, up to what it owes (the rest keeps waiting); audited',
        assignSuspenseResponseSchema,
        { body: assignSuspenseRequestSchema },
      ),
    },
    async (request) => assignSuspensePayment(ctx, request.user, request.params.id, request.body.loanId),
  );

  app.post(
    apiRoutes.mpesa.refund(':id'),
    {
      ...admin,
      schema: changeByIdSchema(
        'mpesa',
        'Mark what waits of a payment as refunded to the payer, with a note; audited',
        messageSchema,
        { body: refundSuspenseRequestSchema },
      ),
    },
    async (request) => refundSuspensePayment(ctx, request.user, request.params.id, request.body.note),
  );
};

export default mpesaRoutes;
