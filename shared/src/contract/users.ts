import { z } from 'zod';
import { ROLES } from '../domain/roles';
import { isoDateTimeSchema, messageSchema, paginated } from './common';

/** User as read (specification §3). Never carries a password or its hash. */
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
});
export type User = z.infer<typeof userSchema>;

/** The stored session user: at least id and role (specification §3). */
export const sessionUserSchema = userSchema.pick({
  id: true,
  first_name: true,
  last_name: true,
  email: true,
  role: true,
  avatar: true,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

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

/** Create-user payload (multipart text fields; the avatar is an optional file part). */
export const registerUserSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.email('Email must be a valid e-mail address').max(254),
  role: z.enum(ROLES, { error: 'Role must be admin or officer' }),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export type RegisterUserRequest = z.infer<typeof registerUserSchema>;
export const registerUserResponseSchema = z.object({ message: z.string(), user: userSchema });
export type RegisterUserResponse = z.infer<typeof registerUserResponseSchema>;

export const usersPageSchema = paginated(userSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** GET /api/users/{id} answers a list whose first item is the user (specification §7). */
export const userByIdResponseSchema = z.array(userSchema);
export type UserByIdResponse = z.infer<typeof userByIdResponseSchema>;
