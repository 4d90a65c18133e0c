import { can, type Action } from '../domain/permissions';
import { readSession } from '@lender/shared/client/session-storage';

/**
 * Whether the signed-in user may do `action` (the shared permission table the server enforces),
 * so that a button is shown only to the roles the server allows. Reads the stored session at
 * render: a new sign-in remounts every page, so the role cannot change under a mounted button.
 */
export function useCan(action: Action): boolean {
  return can(readSession()?.user.role, action);
}
