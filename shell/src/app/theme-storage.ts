// The stored theme, without any library: the app's theme slice and the static sign-in page share it.
import { SESSION_KEYS } from '@lender/shared/client/session-storage';

export type ThemeMode = 'light' | 'dark';

/** The stored theme (key 'theme'), light unless 'dark' was saved (docs/product.md#states). */
export function storedTheme(): ThemeMode {
  try {
    return window.localStorage.getItem(SESSION_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Saves the theme and marks the page root, so CSS outside React follows it too. */
export function applyTheme(mode: ThemeMode): void {
  document.documentElement.classList.toggle('dark', mode === 'dark');
  document.documentElement.style.colorScheme = mode;
  try {
    window.localStorage.setItem(SESSION_KEYS.theme, mode);
  } catch {
    // Storage can be unavailable (private mode); the theme still applies to this page.
  }
}
