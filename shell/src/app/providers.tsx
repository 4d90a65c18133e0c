import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@lender/shared/client/store';
import { useAppSelector } from '@lender/shared/client/hooks';
import { ConfigProvider, theme, type ThemeConfig } from '@lender/shared/ui/antd-core';
import { AppErrorBoundary } from './app-error-boundary';
import { BRAND_COLOR } from './lender';
import { applyTheme, selectThemeMode, type ThemeMode } from './theme-slice';
import { LazyAppProvider } from './toasts';

/** Toasts close after 5 s (docs/product.md#constants). */
const TOAST_SECONDS = 5;

/** The class carrying antd's theme variables (its default is generated per ConfigProvider). */
const CSS_VAR_KEY = 'css-var-lender';

const brandTokens: ThemeConfig['token'] = {
  colorPrimary: BRAND_COLOR,
  borderRadius: 8,
  fontFamily: "Outfit, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/**
 * A coloured tag writes its text in shade 7 of its hue on shade 1 (status badges: "partially
 * paid" in gold, …); for these hues that reads under 4.5:1 (gold 2.75:1, green 3.37:1 in light),
 * so shade 7 becomes the first darker (light) or lighter (dark) shade that reads: same hue.
 */
function tagText(shades: Record<string, string>): Record<string, string> {
  // antd reads both spellings ('green7' for the tags, 'green-7' for its CSS variables).
  return Object.fromEntries(
    Object.entries(shades).flatMap(([hue, colour]) => [
      [`${hue}7`, colour],
      [`${hue}-7`, colour],
    ]),
  );
}

/**
 * Colours that read at WCAG AA (4.5:1) on the theme's backgrounds, where antd's defaults do not:
 * secondary text and menu group titles (45% black, 3.4:1), placeholders (25%), links and info
 * tags (#1677ff, 4.1:1 and 3.7:1 on its tint), the selected menu item (the brand on its tint,
 * 4.4:1 light and 2.2:1 dark), red text (#ff4d4f, 3.3:1) and a table's empty text (25%).
 * Each keeps its hue; the brand colour itself stays for buttons (white on it reads 4.8:1).
 */
const accessibleTokens: Record<
  ThemeMode,
  { token: ThemeConfig['token']; components: ThemeConfig['components'] }
> = {
  light: {
    token: {
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
      colorLink: '#3a50e0',
      colorInfo: '#0958d9',
      colorError: '#cf1322',
      ...tagText({
        cyan: '#006d75',
        green: '#237804',
        orange: '#ad4e00',
        yellow: '#876800',
        volcano: '#ad2102',
        gold: '#874d00',
        lime: '#3f6600',
      }),
    },
    components: {
      Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
      // A default button under the pointer (or just clicked, the pointer still on it: the Columns
      // button while its chooser is open) writes its text in the brand's hover shade, 3.2:1.
      Button: { defaultHoverColor: '#3a50e0', defaultActiveColor: '#3a50e0' },
      Menu: {
        itemSelectedColor: '#3a50e0',
        subMenuItemSelectedColor: '#3a50e0',
        groupTitleColor: 'rgba(0, 0, 0, 0.6)',
      },
    },
  },
  dark: {
    token: {
      colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
      colorTextDescription: 'rgba(255, 255, 255, 0.6)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
      // The dark algorithm darkens seeds: these become #7a88dc, #5c99dc and #dc6966 (5.6, 5.2 and
      // 5.5:1 on #141414).
      colorLink: '#8c9cff',
      colorInfo: '#69b1ff',
      colorError: '#ff7875',
      ...tagText({ purple: '#ab7ae0', geekblue: '#7f9ef3' }),
    },
    components: {
      Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.6)' },
      // Red text that reads on the dark page is too light for white on it: dark text on a solid
      // danger button instead (6:1).
      Button: {
        dangerColor: 'rgba(0, 0, 0, 0.88)',
        defaultHoverColor: '#a3b1ff',
        defaultActiveColor: '#a3b1ff',
      },
      // The selected tab's text in the primary colour would read 3.1:1 on the dark page.
      Tabs: {
        itemSelectedColor: '#a3b1ff',
        itemHoverColor: '#a3b1ff',
        itemActiveColor: '#a3b1ff',
        inkBarColor: '#a3b1ff',
      },
      Menu: {
        itemSelectedColor: '#a3b1ff',
        subMenuItemSelectedColor: '#a3b1ff',
        darkItemSelectedColor: '#a3b1ff',
        groupTitleColor: 'rgba(255, 255, 255, 0.6)',
      },
    },
  },
};

/** antd's theme for `mode`: its algorithm, the brand and the accessible colours above. */
export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...brandTokens, ...accessibleTokens[mode].token },
    components: accessibleTokens[mode].components,
    cssVar: { key: CSS_VAR_KEY },
  };
}

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
 * Alt+T focuses (docs/product.md#constants).
 */
/**
 * Whether the person asked their system for less motion (prefers-reduced-motion): then antd's
 * dialogs, menus and drawers appear without animating (WCAG 2.3.3). The browser tests ask for it
 * too, so that no click lands on a dialog still growing into place.
 */
const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const withMotion = (config: ThemeConfig, motion: boolean): ThemeConfig =>
  motion ? config : { ...config, token: { ...config.token, motion: false } };

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

  const themeConfig = useMemo(() => withMotion(themeFor(mode), !prefersReducedMotion()), [mode]);
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
    <ConfigProvider theme={themeConfig}>
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
