import { useSyncExternalStore } from 'react';

/** A phone's width: antd's xs breakpoint (below sm, 576 px). */
const PHONE = '(max-width: 575.98px)';

const subscribe = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
};
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches;

/** True on a phone-wide screen, following the window as it is resized or turned. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
