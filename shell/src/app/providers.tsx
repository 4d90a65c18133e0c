import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@lender/shared/client/store';
import { useAppSelector } from '@lender/shared/client/hooks';
import { ConfigProvider, theme, type ThemeConfig } from '@lender/shared/ui/antd-core';
import { AppErrorBoundary } from './app-error-boundary';
import { applyTheme, selectThemeMode } from './theme-slice';
import { LazyAppProvider } from './toasts';

/** Toasts close after 5 s (specification §9). */
const TOAST_SECONDS = 5;

/** The class carrying antd's theme variables (its default is generated per ConfigProvider). */
const CSS_VAR_KEY = 'css-var-lender';

const brandTokens: ThemeConfig['token'] = {
  colorPrimary: '#465fff',
  borderRadius: 8,
  fontFamily: "Outfit, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/**
 * The root element antd's App would render: its theme classes (hash and CSS variables, which the
 * plain elements inside read through `theme.useToken()`) and, in global.css, its text styles.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { hashId } = theme.useToken();
  return <div className={['app-root', hashId, CSS_VAR_KEY].filter(Boolean).join(' ')}>{children}</div>;
}

/**
 * antd's theme (light/dark algorithm), and its App context for messages, notifications and
 * dialogs (loaded when first needed, see toasts.tsx); toasts render into one labelled region that
 * Alt+T focuses (specification §9).
 */
function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  const region = useRef<HTMLElement>(null);
  const toastContainer = useCallback(() => region.current ?? document.body, []);

  const toastConfig = useMemo(
    () => ({
      message: { duration: TOAST_SECONDS, getContainer: toastContainer },
      notification: { placement: 'topRight' as const, duration: TOAST_SECONDS, getContainer: toastContainer },
    }),
    [toastContainer],
  );

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
        cssVar: { key: CSS_VAR_KEY },
      }}
    >
      <LazyAppProvider config={toastConfig}>
        <AppRoot>
          <AppErrorBoundary>{children}</AppErrorBoundary>
          <section ref={region} aria-label="Notifications" tabIndex={-1} className="notifications-region" />
        </AppRoot>
      </LazyAppProvider>
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
