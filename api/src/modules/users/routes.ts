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
import { serviceRoutes } from '../module-routes';
import {
  changeOwnPassword,
  deactivateUser,
  getUser,
  listOfficerOptions,
  listUsersPage,
  reactivateUser,
  registerUser,
  renewSession,
  resetPassword,
  signIn,
  signOut,
  updateUser,
} from './service';
import { changeByIdSchema, errors, multipartCreateSchema, readByIdSchema } from '../route-errors';

const registerUserBodySchema = registerUserSchema.extend({ avatar: uploadedFileSchema.optional() });

/** An account switched off or on again: a POST on the user each, behind its own permission (audited). */
const ACCOUNT_SWITCHES = [
  {
    path: apiRoutes.users.deactivate,
    permission: 'users.deactivate',
    summary:
      'Deactivate a user: they cannot sign in and their sessions end at once (audited; not oneself, not the last active admin)',
    refusals: [409], // oneself, or the last active admin
    message: USER_TEXTS.deactivated,
    act: deactivateUser,
  },
  {
    path: apiRoutes.users.reactivate,
    permission: 'users.reactivate',
    summary: 'Reactivate a deactivated user (audited)',
    refusals: [],
    message: USER_TEXTS.reactivated,
    act: reactivateUser,
  },
] as const;

const usersRoutes = serviceRoutes((app, ctx) => {
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
      config: { beforePasswordChange: true },
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
    apiRoutes.users.renewSession,
    {
      schema: {
        tags: ['users'],
        summary:
          'Renew the session: a new 1-hour token for the bearer of a valid one (not for an expired, signed-out, deactivated or reset user’s token: 401)',
        response: { 200: loginResponseSchema, ...errors(401, 403, 429) },
      },
    },
    async (request) => {
      const session = await renewSession(ctx, request.user, app.issueToken);
      return {
        message: 'Session renewed',
        access_token: session.token,
        expires_at: session.expiresAt,
        user: session.user,
      };
    },
  );

  app.post(
    apiRoutes.users.register,
    {
      onRequest: app.requirePermission('users.create'),
      schema: multipartCreateSchema(
        'users',
        'Create a staff user (multipart: firstName, lastName, email, role, password, optional avatar image)',
        registerUserBodySchema,
        registerUserResponseSchema,
      ),
    },
    async (request, reply) => {
      const user = await registerUser(ctx, request.user, request.body);
      return reply.code(201).send({ message: 'User created successfully', user });
    },
  );

  app.get(
    apiRoutes.users.list,
    {
      onRequest: app.requirePermission('users.list'),
      schema: {
        tags: ['users'],
        summary:
          'Staff users, newest first unless sorted (name, email, role, created, last_login), 10 a page; role narrows',
        querystring: userListQuerySchema,
        response: { 200: usersPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, role, sort, order } = request.query;
      return listUsersPage(ctx, page, { role, sort, order });
    },
  );

  app.get(
    apiRoutes.users.officers,
    {
      onRequest: app.requirePermission('users.list'),
      schema: {
        tags: ['users'],
        summary: "Every officer by name (id, name, active), for the lists' officer filter",
        response: { 200: officerOptionsResponseSchema, ...errors(401, 403) },
      },
    },
    async () => listOfficerOptions(ctx),
  );

  app.get(
    apiRoutes.users.byId(':id'),
    {
      config: { beforePasswordChange: true },
      schema: readByIdSchema(
        'users',
        'One user, as a list of one (an officer may read only themselves)',
        userByIdResponseSchema,
      ),
    },
    async (request) => [await getUser(ctx, request.user, request.params.id)],
  );

  app.patch(
    apiRoutes.users.update(':id'),
    {
      onRequest: app.requirePermission('users.edit'),
      schema: changeByIdSchema(
        'users',
        "Edit a user's first name, last name or role (audited; the last active admin cannot be demoted)",
        userChangedResponseSchema,
        { body: updateUserSchema },
      ),
    },
    async (request) => ({
      message: USER_TEXTS.updated,
      user: await updateUser(ctx, request.user, request.params.id, request.body),
    }),
  );

  for (const accountSwitch of ACCOUNT_SWITCHES) {
    app.post(
      accountSwitch.path(':id'),
      {
        onRequest: app.requirePermission(accountSwitch.permission),
        schema: {
          tags: ['users'],
          summary: accountSwitch.summary,
          params: idParamsSchema,
          response: {
            200: userChangedResponseSchema,
            ...errors(400, 401, 403, 404, ...accountSwitch.refusals),
          },
        },
      },
      async (request) => ({
        message: accountSwitch.message,
        user: await accountSwitch.act(ctx, request.user, request.params.id),
      }),
    );
  }

  app.post(
    apiRoutes.users.resetPassword(':id'),
    {
      onRequest: app.requirePermission('users.resetPassword'),
      schema: {
        tags: ['users'],
        summary:
          'Set a temporary password: the user’s sessions end and they must choose a new password at next sign-in (audited)',
        params: idParamsSchema,
        body: resetPasswordSchema,
        response: { 200: userChangedResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: USER_TEXTS.passwordReset,
      user: await resetPassword(ctx, request.user, request.params.id, request.body.password),
    }),
  );

  app.post(
    apiRoutes.users.ownPassword,
    {
      config: { beforePasswordChange: true },
      schema: {
        tags: ['users'],
        summary:
          'Change one’s own password (throttled as sign-in is): every session ends and the answer carries a new one',
        body: changeOwnPasswordSchema,
        response: { 200: changeOwnPasswordResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const session = await changeOwnPassword(
        ctx,
        request.user,
        { ...request.body, ip: request.ip },
        app.issueToken,
      );
      return {
        message: USER_TEXTS.passwordChanged,
        access_token: session.token,
        expires_at: session.expiresAt,
        user: session.user,
      };
    },
  );
});

export default usersRoutes;
