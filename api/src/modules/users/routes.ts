import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamsSchema, pageSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  registerUserResponseSchema,
  registerUserSchema,
  userByIdResponseSchema,
  usersPageSchema,
} from '@lender/shared/contract/users';
import { uploadedFileSchema } from '../files/upload-schema';
import { serviceContext } from '../service-context';
import { getUser, listUsersPage, registerUser, signIn, signOut } from './service';

const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<number, typeof apiErrorSchema>;

const registerUserBodySchema = registerUserSchema.extend({ avatar: uploadedFileSchema.optional() });

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContext(app);
  const adminsOnly = (action: string) => app.requireRole(['admin'], action);

  app.post(
    apiRoutes.users.login,
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const session = await signIn(ctx, { ...request.body, ip: request.ip }, app.issueToken);
      return {
        message: 'Signed in successfully',
        access_token: session.token,
        expires_at: session.expiresAt,
        user: session.user,
      };
    },
  );

  app.post(
    apiRoutes.users.logout,
    {
      schema: {
        tags: ['users'],
        summary:
          'Sign out: ends every session of the caller on the server (their tokens answer 401 from now on)',
        response: { 200: logoutResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      await signOut(ctx, request.user);
      return { message: 'Signed out' };
    },
  );

  app.post(
    apiRoutes.users.register,
    {
      onRequest: adminsOnly('create users'),
      schema: {
        tags: ['users'],
        summary:
          'Create a staff user (multipart: firstName, lastName, email, role, password, optional avatar image)',
        consumes: ['multipart/form-data'],
        body: registerUserBodySchema,
        response: { 201: registerUserResponseSchema, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => {
      const user = await registerUser(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'User created successfully', user });
    },
  );

  app.get(
    apiRoutes.users.list,
    {
      onRequest: adminsOnly('list users'),
      schema: {
        tags: ['users'],
        summary: 'Staff users, newest first, 10 a page',
        querystring: z.object({ page: pageSchema }),
        response: { 200: usersPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => listUsersPage(ctx, request.query.page),
  );

  app.get(
    apiRoutes.users.byId(':id'),
    {
      schema: {
        tags: ['users'],
        summary: 'One user, as a list of one (an officer may read only themselves)',
        params: idParamsSchema,
        response: { 200: userByIdResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => [await getUser(ctx, request.user, request.params.id)],
  );
};

export default usersRoutes;
