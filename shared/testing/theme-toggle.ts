import { fireEvent } from '@testing-library/react';

/**
 * Clicks the theme toggle twice: the first click darkens the page root and saves "dark", the
 * second takes it back to light and saves "light".
 */
export function expectToggleSwitchesTheme(toggle: HTMLElement): void {
  fireEvent.click(toggle);
  expect(document.documentElement).toHaveClass('dark');
  expect(localStorage.getItem('theme')).toBe('dark');
  fireEvent.click(toggle);
  expect(document.documentElement).not.toHaveClass('dark');
  expect(localStorage.getItem('theme')).toBe('light');
}
