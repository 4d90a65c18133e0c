/**
 * Report periods (docs/product.md#constants): each period as an inclusive range of business dates, from today's
 * business date in LENDER_TZ. Weeks run Monday to Sunday. 'all' has no range.
 */
import type { ReportPeriod } from '@lender/shared/domain/statuses';
import { addDays } from './loan-engine';

export interface DateRange {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function monthOf(year: number, month: number): DateRange {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(lastDay)}` };
}

/** Monday of the week holding the date. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The range of a period on a business date; null for 'all'. The custom 'period' takes the given
 * dates (the query schema has checked that both are there and in order).
 */
export function periodRange(
  period: ReportPeriod,
  today: string,
  custom: { start?: string | undefined; end?: string | undefined } = {},
): DateRange | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (period) {
    case 'all':
      return null;
    case 'today':
      return { start: today, end: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { start: day, end: day };
    }
    case 'this_week': {
      const monday = mondayOf(today);
      return { start: monday, end: addDays(monday, 6) };
    }
    case 'last_week': {
      const monday = addDays(mondayOf(today), -7);
      return { start: monday, end: addDays(monday, 6) };
    }
    case 'this_month':
      return monthOf(year, month);
    case 'last_month':
      return month === 1 ? monthOf(year - 1, 12) : monthOf(year, month - 1);
    case 'this_year':
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    case 'period':
      if (!custom.start || !custom.end) throw new RangeError('A custom period needs both dates');
      return { start: custom.start, end: custom.end };
  }
}
