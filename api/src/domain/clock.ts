/**
 * The server's clock, injected so that date-dependent behaviour can be tested without waiting
 * (docs/product.md#money-time-and-identifiers).
 *
 * Two readings on purpose:
 * - `now()` is business time: "today", due dates, created_at, audit times. LENDER_NOW fixes it.
 * - `wallNow()` is the real time in ms for security timers (token expiry, signed file URLs,
 *   sign-in throttling windows). LENDER_NOW never fixes it, so a browser on real time agrees
 *   with the server about when a session ends, and a fixed clock cannot make a lock-out
 *   permanent. Tests replace both with one controllable clock.
 */
export interface Clock {
  now(): Date;
  wallNow(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  wallNow: () => Date.now(),
};

/**
 * The server's clock as configured: business time fixed at `fixedNow` (LENDER_NOW) or real; the
 * security timers on real time, or `wallAheadMs` ahead of it (LENDER_WALL_AHEAD_MINUTES, tests only).
 */
export function configuredClock({
  fixedNow,
  wallAheadMs,
}: {
  fixedNow?: Date | undefined;
  wallAheadMs: number;
}): Clock {
  if (!fixedNow && wallAheadMs === 0) return systemClock;
  return {
    now: fixedNow ? () => new Date(fixedNow) : () => new Date(),
    wallNow: () => Date.now() + wallAheadMs,
  };
}

const YMD = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
/** The shapes the server writes an instant in, in the lender's zone. */
const SHAPES = {
  // en-CA formats as YYYY-MM-DD.
  date: ['en-CA', YMD],
  // sv-SE writes ISO order: 2026-11-03 14:05.
  dateTime: ['sv-SE', { ...YMD, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  // Every field, for formatToParts (a zone's offset).
  parts: ['en-US', { ...YMD, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per shape and zone: creating an Intl.DateTimeFormat costs far more than formatting
 * with one, and a loan list formats several dates a row (profiled: 10 % of a list request's CPU).
 */
export function zoneFormat(shape: keyof typeof SHAPES, timeZone: string): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const [locale, options] = SHAPES[shape];
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) of an instant in the business time zone. */
export const businessDate = (instant: Date, timeZone: string): string =>
  zoneFormat('date', timeZone).format(instant);

/** An instant as the lender's wall-clock time, 2026-11-03 14:05. */
export const businessDateTime = (instant: Date, timeZone: string): string =>
  zoneFormat('dateTime', timeZone).format(instant);

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    zoneFormat('parts', timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks read `wall` (a wall time written as if it were UTC, in
 * ms). Two passes settle the offset even next to a DST change (Nairobi has none; LENDER_TZ may).
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}
