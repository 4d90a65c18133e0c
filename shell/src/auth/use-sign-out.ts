import { useCallback } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import { useAppDispatch } from '@lender/shared/client/hooks';
import { clearSession, sessionEnded } from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';

/** Sign-out: clear the stored session and go to /signin (specification §4). */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    dispatch(sessionEnded({ reason: 'signed-out' }));
    navigate(appRoutes.signin, { replace: true });
  }, [dispatch, navigate]);
}
