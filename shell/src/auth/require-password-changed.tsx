import type { ReactNode } from 'react';
import { Navigate } from '@lender/shared/client/router';
import { useAppSelector } from '@lender/shared/client/hooks';
import { selectMustChangePassword } from './session-slice';

/** The shell's own page where a user whose password was reset by an admin chooses their own. */
export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Every page of the layout: while the user must change their temporary password (said at
 * sign-in, or by a 403 from the server on any request), the server refuses everything else, so
 * they are sent to the change first.
 */
export function RequirePasswordChanged({ children }: { children: ReactNode }) {
  const mustChangePassword = useAppSelector(selectMustChangePassword);
  if (mustChangePassword) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return children;
}
