import { useSyncExternalStore } from 'react';

/** Below 991px wide the sidebar is a mobile overlay (docs/product.md#application-frame, #constants). */
export const MOBILE_QUERY = '(max-width: 991px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

const isMobileNow = () => window.matchMedia(MOBILE_QUERY).matches;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
