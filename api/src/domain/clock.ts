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

/** Business time fixed at `instant` (LENDER_NOW); security timers keep real time. */
export function fixedBusinessClock(instant: Date): Clock {
  return { now: () => new Date(instant), wallNow: () => Date.now() };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in the business time zone. */
export function businessDate(instant: Date, timeZone: string): string {
  // One formatter per zone: creating an Intl.DateTimeFormat costs far more than formatting with
  // one, and a loan list formats several dates a row (profiled: 10 % of a list request's CPU).
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}
