import { useCallback } from 'react';
import { useNavigate } from '@lender/shared/client/router';
import { useAppDispatch } from '@lender/shared/client/hooks';
import { clearSession, sessionEnded } from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';
import { useSignOutMutation } from '../app/shell-api';

/** How long sign-out waits for the server before leaving anyway (an offline phone). */
const SERVER_SIGN_OUT_WAIT_MS = 3000;

/**
 * Sign-out: end the session on the server, so that the token stops working wherever it was
 * copied, then clear the stored session and go to /signin (docs/product.md#states). The server is
 * asked first because the request needs the token; the page leaves after at most 3 s whatever
 * the answer.
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOutOnServer] = useSignOutMutation();
  return useCallback(async () => {
    await Promise.race([
      signOutOnServer()
        .unwrap()
        .catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, SERVER_SIGN_OUT_WAIT_MS)),
    ]);
    clearSession();
    dispatch(sessionEnded({ reason: 'signed-out' }));
    navigate(appRoutes.signin, { replace: true });
  }, [dispatch, navigate, signOutOnServer]);
}
