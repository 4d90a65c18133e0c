import { useCallback, useEffect } from 'react';
import { useSearchParams } from '@lender/shared/client/router';
import type { PageMeta } from '@lender/shared/contract/common';
import { REPORT_PERIODS, type ReportPeriod } from '@lender/shared/domain/statuses';
import { currentMonth, type MonthArg } from '@lender/shared/ui/month-navigator.tsx';
import type { useListUrlState } from '@lender/shared/ui/use-list-url-state';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The month a monthly page shows, in the URL beside its page (`?month=10&year=2026&page=2`) so
 * that Back, reload and a shared link keep both; the current month is left out of the URL.
 * Choosing another month starts again at page 1.
 */
export function useMonthUrlState(): { month: MonthArg; setMonth: (next: MonthArg) => void } {
  const [params, setParams] = useSearchParams();
  const now = currentMonth();
  const month = Number(params.get('month'));
  const year = Number(params.get('year'));
  const fromUrl =
    Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000;
  const setMonth = useCallback(
    (next: MonthArg) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        const today = currentMonth();
        if (next.month === today.month && next.year === today.year) {
          updated.delete('month');
          updated.delete('year');
        } else {
          updated.set('month', String(next.month));
          updated.set('year', String(next.year));
        }
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return { month: fromUrl ? { month, year } : now, setMonth };
}

export interface ReportFilter {
  period: ReportPeriod;
  /** YYYY-MM-DD or null; used with the custom period only. */
  start: string | null;
  end: string | null;
}

/**
 * The loan report's filter in the URL beside its page (`?period=last_month&page=3`; the custom
 * period adds start_date and end_date). 'all' is the default and left out. A new filter starts
 * again at page 1.
 */
export function useReportUrlState(): { filter: ReportFilter; setFilter: (next: ReportFilter) => void } {
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const date = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  const filter: ReportFilter = {
    period: (REPORT_PERIODS as readonly string[]).includes(period ?? '') ? (period as ReportPeriod) : 'all',
    start: date('start_date'),
    end: date('end_date'),
  };
  const setFilter = useCallback(
    (next: ReportFilter) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.period === 'all') updated.delete('period');
          else updated.set('period', next.period);
          for (const [name, value] of [
            ['start_date', next.start],
            ['end_date', next.end],
          ] as const) {
            if (next.period === 'period' && value) updated.set(name, value);
            else updated.delete(name);
          }
          updated.delete('page');
          return updated;
        },
        // A date of the custom period changing is a refinement, not a step in history.
        { replace: next.period === filter.period },
      ),
    [filter.period, setParams],
  );
  return { filter, setFilter };
}

/** A page past the last one (the list shrank) goes back to the last, as in the other lists. */
export function useClampedPage(
  page: number,
  setPage: ReturnType<typeof useListUrlState>['setPage'],
  meta: PageMeta | undefined,
) {
  const lastPage = meta?.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);
}
