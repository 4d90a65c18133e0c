import { readSession } from '@lender/shared/client/session';

/**
 * The caller's role and id, sent with list calls as the specification asks (docs/product.md#api-calls: role&officerId);
 * the server scopes by the token and never lets them widen an officer's view.
 */
export function listScope(): { role?: string; officerId?: number } {
  const user = readSession()?.user;
  return user ? { role: user.role, officerId: user.id } : {};
}
