import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lender/shared/contract/common';
import { apiRoutes } from '@lender/shared/contract/routes';
import {
  changeOwnPasswordResponseSchema,
  changeOwnPasswordSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  registerUserResponseSchema,
  registerUserSchema,
  resetPasswordSchema,
  updateUserSchema,
  USER_TEXTS,
  userByIdResponseSchema,
  userChangedResponseSchema,
  userListQuerySchema,
  usersPageSchema,
  officerOptionsResponseSchema,
} from '@lender/shared/contract/users';
import { uploadedFileSchema } from '../files/upload-schema';
import { routesOf } from '../define-routes';
import { serviceContext } from '../service-context';
import {
  changeOwnPassword,
  deactivateUser,
  getUser,
  listOfficerOptions,
  listUsersPage,
  reactivateUser,
  registerUser,
  resetPassword,
  signIn,
  signOut,
  type SignInResult,
  updateUser,
} from './service';

const registerUserBodySchema = registerUserSchema.extend({ avatar: uploadedFileSchema.optional() });

/** What signing in and changing one's password answer: the new session. */
const sessionAnswer = (message: string, session: SignInResult) => ({
  message,
  access_token: session.token,
  expires_at: session.expiresAt,
  user: session.user,
});

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContext(app);
  const route = routesOf(app, 'users');

  route.post(apiRoutes.users.login, {
    config: { public: true },
    summary: 'Sign in with e-mail and password',
    security: [],
    body: loginRequestSchema,
    response: { 200: loginResponseSchema },
    errors: [401, 403, 429],
    handler: async (request) =>
      sessionAnswer(
        'Signed in successfully',
        await signIn(ctx, { ...request.body, ip: request.ip }, app.issueToken),
      ),
  });

  route.post(apiRoutes.users.logout, {
    config: { beforePasswordChange: true },
    summary: 'Sign out: ends every session of the caller on the server (their tokens answer 401 from now on)',
    response: { 200: logoutResponseSchema },
    handler: async (request) => {
      await signOut(ctx, request.user);
      return { message: 'Signed out' };
    },
  });

  route.post(apiRoutes.users.register, {
    permission: 'users.create',
    summary:
      'Create a staff user (multipart: firstName, lastName, email, role, password, optional avatar image)',
    consumes: ['multipart/form-data'],
    body: registerUserBodySchema,
    response: { 201: registerUserResponseSchema },
    errors: [409, 413],
    handler: async (request, reply) => {
      const user = await registerUser(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'User created successfully', user });
    },
  });

  route.get(apiRoutes.users.list, {
    permission: 'users.list',
    summary:
      'Staff users, newest first unless sorted (name, email, role, created, last_login), 10 a page; role narrows',
    querystring: userListQuerySchema,
    response: { 200: usersPageSchema },
    handler: async (request) => {
      const { page, role, sort, order } = request.query;
      return listUsersPage(ctx, page, { role, sort, order });
    },
  });

  route.get(apiRoutes.users.officers, {
    permission: 'users.list',
    summary: "Every officer by name (id, name, active), for the lists' officer filter",
    response: { 200: officerOptionsResponseSchema },
    handler: async () => listOfficerOptions(ctx),
  });

  route.get(apiRoutes.users.byId(':id'), {
    config: { beforePasswordChange: true },
    summary: 'One user, as a list of one (an officer may read only themselves)',
    params: idParamsSchema,
    response: { 200: userByIdResponseSchema },
    handler: async (request) => [await getUser(ctx, request.user, request.params.id)],
  });

  route.patch(apiRoutes.users.update(':id'), {
    permission: 'users.edit',
    summary: "Edit a user's first name, last name or role (audited; the last active admin cannot be demoted)",
    params: idParamsSchema,
    body: updateUserSchema,
    response: { 200: userChangedResponseSchema },
    errors: [409],
    handler: async (request) => ({
      message: USER_TEXTS.updated,
      user: await updateUser(ctx, request.user, request.params.id, request.body),
    }),
  });

  route.post(apiRoutes.users.deactivate(':id'), {
    permission: 'users.deactivate',
    summary:
      'Deactivate a user: they cannot sign in and their sessions end at once (audited; not oneself, not the last active admin)',
    params: idParamsSchema,
    response: { 200: userChangedResponseSchema },
    errors: [409],
    handler: async (request) => ({
      message: USER_TEXTS.deactivated,
      user: await deactivateUser(ctx, request.user, request.params.id),
    }),
  });

  route.post(apiRoutes.users.reactivate(':id'), {
    permission: 'users.reactivate',
    summary: 'Reactivate a deactivated user (audited)',
    params: idParamsSchema,
    response: { 200: userChangedResponseSchema },
    handler: async (request) => ({
      message: USER_TEXTS.reactivated,
      user: await reactivateUser(ctx, request.user, request.params.id),
    }),
  });

  route.post(apiRoutes.users.resetPassword(':id'), {
    permission: 'users.resetPassword',
    summary:
      'Set a temporary password: the user’s sessions end and they must choose a new password at next sign-in (audited)',
    params: idParamsSchema,
    body: resetPasswordSchema,
    response: { 200: userChangedResponseSchema },
    handler: async (request) => ({
      message: USER_TEXTS.passwordReset,
      user: await resetPassword(ctx, request.user, request.params.id, request.body.password),
    }),
  });

  route.post(apiRoutes.users.ownPassword, {
    config: { beforePasswordChange: true },
    summary:
      'Change one’s own password (throttled as sign-in is): every session ends and the answer carries a new one',
    body: changeOwnPasswordSchema,
    response: { 200: changeOwnPasswordResponseSchema },
    errors: [429],
    handler: async (request) =>
      sessionAnswer(
        USER_TEXTS.passwordChanged,
        await changeOwnPassword(ctx, request.user, { ...request.body, ip: request.ip }, app.issueToken),
      ),
  });
};

export default usersRoutes;
