import { readSession } from '@lender/shared/client/session';

/**
 * The caller's role and id, sent with loan list calls as the specification asks (§6, §7:
 * role&officerId); the server scopes by the token and never lets them widen an officer's view.
 */
export function loanListScope(): { role?: string; officerId?: number } {
  const user = readSession()?.user;
  return user ? { role: user.role, officerId: user.id } : {};
}
