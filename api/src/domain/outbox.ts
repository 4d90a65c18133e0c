/**
 * The rules every outbox (device commands, SMS; issue 35, docs/integrations.md) delivers by: when a
 * failed attempt is tried again, and when a message may leave at all.
 */
import { QUIET_HOURS } from '@lender/shared/contract/messages';
import { instantOfWallTime, zoneOffsetMs } from './clock';

/** The first retry after this long; each further one waits twice as long, up to RETRY_CAP_MS. */
export const RETRY_BASE_MS = 5_000;
/** No wait exceeds this: a provider back after an outage gets every command within 5 minutes. */
export const RETRY_CAP_MS = 5 * 60_000;
/** A claimed row not finished within this is claimed again (its claimant died mid-delivery). */
export const CLAIM_LEASE_MS = 60_000;
/** A provider call is abandoned after this (well inside the lease, so no claim outlives it). */
export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * How long to wait after the `attempts`-th failed attempt (1, 2, …): exponential, capped, with up
 * to 20 % jitter from `random` so that many rows failed together do not retry in one burst.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (1 - 0.2 * random()));
}

/**
 * The earliest instant at or after `now` outside the quiet hours (21:00–07:00 in `timeZone`):
 * `now` itself in the day, else 07:00 of the morning that ends the night.
 */
export function sendableFrom(now: Date, timeZone: string): Date {
  const wall = now.getTime() + zoneOffsetMs(now.getTime(), timeZone);
  const hour = new Date(wall).getUTCHours();
  if (hour >= QUIET_HOURS.to && hour < QUIET_HOURS.from) return now;
  const day = new Date(wall);
  const morning = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), QUIET_HOURS.to);
  // Before midnight the night ends tomorrow morning; after it, this morning.
  const wallMorning = hour >= QUIET_HOURS.from ? morning + 24 * 3_600_000 : morning;
  return new Date(instantOfWallTime(wallMorning, timeZone));
}
