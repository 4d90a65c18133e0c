import { useEffect } from 'react';
import { useLocation, useNavigate } from '@lender/shared/client/router';
import { takeDraftPage } from '@lender/shared/client/form-draft-store';

/**
 * After signing in again (the sign-in page opens `/`), back to the page where this user's session
 * ended with a form half typed, whose draft the form then restores (shared/src/ui/use-form-draft.tsx).
 * Another user signing in on the same browser is not sent there.
 */
export function useReturnToDraft(userId: number | null): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (userId === null) return;
    const path = takeDraftPage(userId);
    if (path && path !== `${pathname}${search}`) navigate(path, { replace: true });
    // Once per signed-in user, not on each navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
