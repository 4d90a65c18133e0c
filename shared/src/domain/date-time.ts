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
