import { readSession } from '@lender/shared/client/session';

/**
 * The caller's role and id, sent with loan list calls as the specification asks (docs/product.md#roles-in-the-browser, #api-calls:
 * role&officerId); the server scopes by the token and never lets them widen an officer's view.
 */
export function loanListScope(): { role?: string; officerId?: number } {
  const user = readSession()?.user;
  return user ? { role: user.role, officerId: user.id } : {};
}
