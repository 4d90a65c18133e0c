import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@lender/shared/client/store';
import { useAppSelector } from '@lender/shared/client/hooks';
import { App, ConfigProvider, theme, type ThemeConfig } from '@lender/shared/ui/antd-core';
import { AppErrorBoundary } from './app-error-boundary';
import { applyTheme, selectThemeMode } from './theme-slice';

/** Toasts close after 5 s (specification §9). */
const TOAST_SECONDS = 5;

const brandTokens: ThemeConfig['token'] = {
  colorPrimary: '#465fff',
  borderRadius: 8,
  fontFamily: "Outfit, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/**
 * antd's theme (light/dark algorithm), and its App context for messages and notifications, which
 * render into one labelled region that Alt+T focuses (specification §9).
 */
function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  const region = useRef<HTMLElement>(null);
  const toastContainer = useCallback(() => region.current ?? document.body, []);

  useEffect(() => applyTheme(mode), [mode]);

  useEffect(() => {
    const focusNotifications = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', focusNotifications);
    return () => window.removeEventListener('keydown', focusNotifications);
  }, []);

  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: brandTokens,
      }}
    >
      <App
        className="app-root"
        message={{ duration: TOAST_SECONDS, getContainer: toastContainer }}
        notification={{ placement: 'topRight', duration: TOAST_SECONDS, getContainer: toastContainer }}
      >
        <AppErrorBoundary>{children}</AppErrorBoundary>
        <section ref={region} aria-label="Notifications" tabIndex={-1} className="notifications-region" />
      </App>
    </ConfigProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
