import { z } from 'zod';
import { isoDateTimeSchema, messageSchema, paginated } from './common';

/**
 * Throttled sign-ins (docs/product.md#users-and-sign-in, issue 10): failures are counted per (account, address)
 * pair and per address, and each failure past the free ones doubles the wait. Admins see the
 * current ones and can clear one, e.g. for a branch whose shared address was throttled.
 */
export const THROTTLE_SCOPES = ['pair', 'address'] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];

export const signInThrottleSchema = z.object({
  id: z.number().int(),
  scope: z.enum(THROTTLE_SCOPES),
  /** The e-mail as typed (trimmed, lower-cased) for a pair; null for an address. */
  email: z.string().nullable(),
  address: z.string(),
  /** Failures counted since the key was last cleared or forgotten. */
  failures: z.number().int(),
  last_failure_at: isoDateTimeSchema,
  /** Until when sign-ins from this key are refused; null when it is not blocked now. */
  blocked_until: isoDateTimeSchema.nullable(),
});
export type SignInThrottle = z.infer<typeof signInThrottleSchema>;

export const signInThrottlesPageSchema = paginated(signInThrottleSchema);
export type SignInThrottlesPage = z.infer<typeof signInThrottlesPageSchema>;

export const clearSignInThrottleResponseSchema = messageSchema;
export const SIGN_IN_THROTTLE_TEXTS = { cleared: 'Sign-in throttle cleared' } as const;
