import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TrendsSkeleton } from './trends-skeleton';

/**
 * The mark the page sets when it starts loading what it defers: the performance bench counts the
 * files requested after it apart from the first load of / (e2e/bench/network.ts).
 */
export const DEFERRED_MARK = 'lender:deferred-load';

// The charts' library (recharts) and the section's code are their own chunk, fetched only when
// the section comes into view after the cards: the first load of / stays as it was.
const DashboardTrends = lazy(() => {
  // Optional call: jsdom's performance has no mark.
  performance.mark?.(DEFERRED_MARK);
  return import(/* webpackChunkName: "dashboard-trends" */ './dashboard-trends');
});

/**
 * Mounts the trends once the section is near the viewport and the browser is idle after the
 * cards (IntersectionObserver; where there is none, as in tests, at once).
 */
export default function DeferredTrends({ withDueToday = true }: { withDueToday?: boolean }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    let idle: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const show = () => setVisible(true);
        idle =
          typeof requestIdleCallback === 'function'
            ? requestIdleCallback(show, { timeout: 1500 })
            : undefined;
        if (idle === undefined) show();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  return (
    <div ref={anchor} style={{ marginTop: 32 }}>
      {visible ? (
        <Suspense fallback={<TrendsSkeleton />}>
          <DashboardTrends withDueToday={withDueToday} />
        </Suspense>
      ) : (
        <TrendsSkeleton />
      )}
    </div>
  );
}
