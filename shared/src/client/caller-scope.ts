import { readSession } from '@lender/shared/client/session';

/**
 * The caller's role and id, sent with list calls as the specification asks
 * (docs/product.md#roles-in-the-browser, #api-calls): as `officerId` for the lists (an admin's
 * officer filter then replaces it), as `userId` where an officerId would narrow an admin's view
 * (the monthly pages, the customers list). The server scopes by the token and never lets them
 * widen an officer's view.
 */
export function callerScope(idAs: 'officerId' | 'userId' = 'officerId'): {
  role?: string;
  officerId?: number;
  userId?: number;
} {
  const user = readSession()?.user;
  return user ? { role: user.role, [idAs]: user.id } : {};
}
