/** The lender's business time zone: times are shown as staff in Kenya read them. */
const NAIROBI = 'Africa/Nairobi';

const lastLoginFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "22 Nov 2026, 09:15" in Nairobi time; an em dash when the user has never signed in. */
export function formatLastLogin(instant: string | null | undefined): string {
  if (!instant) return '—';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '—' : lastLoginFormat.format(date);
}
