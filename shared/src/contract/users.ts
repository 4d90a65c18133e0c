import { z } from 'zod';
import { ROLES } from '../domain/roles';
import {
  isoDateTimeSchema,
  messageSchema,
  pageSchema,
  paginated,
  requireSomeField,
  sortQueryShape,
} from './common';

/** User as read (docs/product.md#browser-data). Never carries a password or its hash. */
export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** URL of the avatar (signed, short-lived) or null: the client shows a default image. */
  avatar: z.string().nullable(),
  is_active: z.boolean(),
  created_at: isoDateTimeSchema,
  last_login_at: isoDateTimeSchema.nullable(),
  /** Set by an admin's password reset: the user must choose a new password before anything else. */
  must_change_password: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The stored session user: at least id and role (docs/product.md#browser-data). */
export const sessionUserSchema = userSchema
  .pick({ id: true, first_name: true, last_name: true, email: true, role: true, avatar: true })
  // A session stored before the flag existed reads as not having to change its password.
  .extend({ must_change_password: z.boolean().default(false) });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /api/users/login, and POST /api/users/session/renew (the same user's new token, one hour
 * from now; the older one stays valid until its own expiry).
 */
export const loginResponseSchema = z.object({
  message: z.string(),
  access_token: z.string(),
  /** Milliseconds since the epoch when the token expires (sign-in + 1 hour). */
  expires_at: z.number().int(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/users/logout: the caller's sessions are ended on the server. */
export const logoutResponseSchema = messageSchema;
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** A new password: at least 8 characters (docs/product.md#users-and-sign-in). */
const passwordSchema = z.string().min(8, 'Password must be at least 8 characters').max(200);

/** Create-user payload (multipart text fields; the avatar is an optional file part). */
export const registerUserSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.email('Email must be a valid e-mail address').max(254),
  role: z.enum(ROLES, { error: 'Role must be admin or officer' }),
  password: passwordSchema,
});
export type RegisterUserRequest = z.infer<typeof registerUserSchema>;
export const registerUserResponseSchema = z.object({ message: z.string(), user: userSchema });
export type RegisterUserResponse = z.infer<typeof registerUserResponseSchema>;

/** What the users list sorts by: name (first, then last), e-mail, role, creation time, last sign-in. */
export const USER_SORTS = ['name', 'email', 'role', 'created', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /api/users?page(&role)(&sort&order): staff, newest first unless sorted; role narrows. */
export const userListQuerySchema = z.object({
  page: pageSchema,
  role: z.enum(ROLES, { error: 'role must be admin or officer' }).optional(),
  ...sortQueryShape(USER_SORTS),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const usersPageSchema = paginated(userSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** GET /api/users/{id} answers a list whose first item is the user (docs/product.md#api-calls). */
export const userByIdResponseSchema = z.array(userSchema);
export type UserByIdResponse = z.infer<typeof userByIdResponseSchema>;

/** PATCH /api/users/{id}: an admin edits a user's name and role; at least one field. */
export const updateUserSchema = requireSomeField(
  registerUserSchema.pick({ firstName: true, lastName: true, role: true }).partial().strict(),
  'Nothing to change: send firstName, lastName or role',
);
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;

/** The answer of every admin action on a user: what happened and the user as it is now. */
export const userChangedResponseSchema = z.object({ message: z.string(), user: userSchema });
export type UserChangedResponse = z.infer<typeof userChangedResponseSchema>;

/** POST /api/users/{id}/reset-password: the temporary password the admin hands over. */
export const resetPasswordSchema = z.object({ password: passwordSchema }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

/**
 * POST /api/users/me/password. Every session of the user ends (a stolen token dies with the old
 * password) and the answer carries a new one, as a sign-in does.
 */
export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(200),
    newPassword: passwordSchema,
  })
  .strict()
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: 'New password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordSchema>;
/** Changing one's password answers as signing in does: a new token and the user. @alias */
export const changeOwnPasswordResponseSchema = loginResponseSchema;
export type ChangeOwnPasswordResponse = z.infer<typeof changeOwnPasswordResponseSchema>;

/** Server texts the frontends show or test for. */
export const USER_TEXTS = {
  updated: 'User updated successfully',
  deactivated: 'User deactivated. Their sessions have ended.',
  reactivated: 'User reactivated',
  passwordReset: 'Password reset. The user must change it at their next sign-in.',
  passwordChanged: 'Password changed',
  mustChangePassword: 'Change your temporary password to continue.',
  lastAdmin: 'There must be at least one active admin: this change would leave none',
  ownAccount: 'You cannot deactivate your own account',
  wrongCurrentPassword: 'Current password is incorrect',
} as const;

/**
 * GET /api/users/officers (admins): every officer, by name, for a list's officer filter. Staff are
 * tens, not millions, so the whole list is one answer.
 */
export const officerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
});
export type OfficerOption = z.infer<typeof officerOptionSchema>;
export const officerOptionsResponseSchema = z.array(officerOptionSchema);
export type OfficerOptionsResponse = z.infer<typeof officerOptionsResponseSchema>;
