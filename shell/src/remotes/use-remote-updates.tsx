import { useContext, useEffect, useRef } from 'react';
import type { Role } from '@lender/shared/domain/roles';
import { texts } from '@lender/shared/texts';
import { AppContext, Button } from '@lender/shared/ui/antd-core';
import { peekCatalog, remotesChangedSince } from './remote-catalog';

/** How often, at most, the shell asks whether a remote was deployed (on navigation and on return to the tab). */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
const UPDATE_NOTICE_KEY = 'remote-update';

/**
 * Tells the person when a remote they use was deployed or rolled back while their page is open,
 * with a Reload button. The page keeps the version it loaded until then: mixing two versions of
 * a remote in one page (its entry and its lazy chunks) is what a reload avoids.
 */
export function useRemoteUpdates(role: Role | null, pathname: string): void {
  const { notification } = useContext(AppContext);
  // When the last check was; the page's own load counts as one.
  const lastCheck = useRef<number | null>(null);
  const told = useRef(false);

  useEffect(() => {
    lastCheck.current ??= Date.now();
    const check = () => {
      const catalog = peekCatalog(role);
      if (!role || !catalog || told.current || document.visibilityState !== 'visible') return;
      if (Date.now() - (lastCheck.current ?? 0) < UPDATE_CHECK_INTERVAL_MS) return;
      lastCheck.current = Date.now();
      remotesChangedSince(catalog, role)
        .then((changed) => {
          if (!changed || told.current) return;
          told.current = true;
          notification?.info({
            key: UPDATE_NOTICE_KEY,
            title: texts.remotes.updateAvailable,
            description: texts.remotes.updateAvailableDetail,
            duration: 0,
            actions: (
              <Button type="primary" onClick={() => window.location.reload()}>
                {texts.remotes.reload}
              </Button>
            ),
          });
        })
        // Offline or the server restarting: asked again at the next navigation.
        .catch(() => undefined);
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [role, pathname, notification]);
}
