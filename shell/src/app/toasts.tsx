import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AppContext, type AppApi } from '@lender/shared/ui/antd-core';
import type { ToastConfig } from './toast-holder';

const ToastHolder = lazy(() => import('./toast-holder'));

type Member = keyof AppApi;
type Methods = Record<PropertyKey, ((...args: unknown[]) => unknown) | undefined>;

/**
 * An App API (message, notification, modal) whose calls wait, in order, until `ready` hands over
 * antd's; `request` is called by the first one. Their return value is lost (no caller uses one).
 */
export function createLazyAppApi(request: () => void) {
  let real: AppApi | null = null;
  const queue: { member: Member; method: PropertyKey; args: unknown[] }[] = [];
  const member = (name: Member) =>
    new Proxy(
      {},
      {
        get:
          (_target, method) =>
          (...args: unknown[]) => {
            if (real) return (real[name] as unknown as Methods)[method]?.(...args);
            queue.push({ member: name, method, args });
            request();
            return undefined;
          },
      },
    );
  return {
    api: {
      message: member('message'),
      notification: member('notification'),
      modal: member('modal'),
    } as AppApi,
    ready(loaded: AppApi) {
      real = loaded;
      for (const { member: name, method, args } of queue.splice(0)) {
        (loaded[name] as unknown as Methods)[method]?.(...args);
      }
    },
  };
}

/**
 * antd's App context (what `App.useApp()` returns) without antd's App on the first page: its
 * message, notification and modal code loads when a toast or dialog is first asked for, or
 * earlier, on the first key or pointer press (toasts follow something the person did).
 */
export function LazyAppProvider({ config, children }: { config: ToastConfig; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  // One API object for the page's life: consumers never re-render for the switch to antd's.
  const [lazyApi] = useState(() => createLazyAppApi(() => setWanted(true)));

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    window.addEventListener('pointerdown', want, { capture: true });
    window.addEventListener('keydown', want, { capture: true });
    return () => {
      window.removeEventListener('pointerdown', want, { capture: true });
      window.removeEventListener('keydown', want, { capture: true });
    };
  }, [wanted]);

  return (
    <AppContext.Provider value={lazyApi.api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastHolder config={config} onReady={lazyApi.ready} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
