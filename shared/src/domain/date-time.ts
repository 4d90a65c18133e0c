/** The lender's business time zone: instants are shown as staff in Kenya read them. */
export const BUSINESS_TIME_ZONE = 'Africa/Nairobi';

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "22 Nov 2026, 09:15" in Nairobi time; an em dash for no instant or one that does not parse. */
export function formatDateTime(instant: string | null | undefined): string {
  if (!instant) return '—';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

// texts.common.notAvailable; the domain does not import the texts.
const NOT_AVAILABLE = 'N/A';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Nairobi calendar day of a timestamp as 'YYYY-MM-DD' (a repayment recorded at 01:00 Nairobi
 * time is 22:00 UTC the day before). A value that is already a day is that day; null when there is
 * nothing or it does not parse.
 */
export function nairobiDay(value: string | null | undefined): string | null {
  if (!value) return null;
  if (CALENDAR_DAY.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dayFormat.format(date);
}

/**
 * '5 Mar 2025': how every date reads in the product (tables, details, cards, prints; the date
 * pickers and the CSV exports, which keep ISO days, excepted). The Nairobi calendar day of a
 * timestamp or day; 'N/A' when there is none or it does not parse. Date-times read as
 * `formatDateTime` gives them: the same day, then the time ('5 Mar 2025, 14:05').
 */
export function formatDay(value: string | null | undefined): string {
  const day = nairobiDay(value);
  // Noon UTC of the day is the same day in Nairobi (UTC+3).
  return day ? longDayFormat.format(new Date(`${day}T12:00:00Z`)) : NOT_AVAILABLE;
}

/**
 * The dates the product takes in (list filters, notes, report periods): from 1900-01-01 to
 * 2199-12-31. Outside it a date is a typing slip (0000-01-01, 20260-01-01), never a lender's day,
 * and some are no date PostgreSQL or JavaScript agree on.
 */
export const DATE_BOUNDS = { first: '1900-01-01', last: '2199-12-31' } as const;

/** True for a real calendar date written YYYY-MM-DD within DATE_BOUNDS (2024-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || value < DATE_BOUNDS.first || value > DATE_BOUNDS.last) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
