import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  businessDate,
  businessDateTime,
  configuredClock,
  instantOfWallTime,
  isValidTimeZone,
  zoneOffsetMs,
} from './clock';

describe('clock', () => {
  test('a date-time is written as the lender reads their clock: 2025-03-04 00:30 in Nairobi', () => {
    const instant = new Date('2025-03-03T21:30:59Z');
    assert.equal(businessDateTime(instant, 'Africa/Nairobi'), '2025-03-04 00:30');
    assert.equal(businessDateTime(instant, 'UTC'), '2025-03-03 21:30');
  });

  test('a zone offset and the instant of a wall time, also on a day the clocks change', () => {
    assert.equal(zoneOffsetMs(Date.parse('2025-03-03T12:00:00Z'), 'Africa/Nairobi'), 3 * 3_600_000);
    const nairobiMidnight = instantOfWallTime(Date.parse('2025-03-04T00:00:00Z'), 'Africa/Nairobi');
    assert.equal(new Date(nairobiMidnight).toISOString(), '2025-03-03T21:00:00.000Z');
    // New York springs forward at 02:00 on 9 March 2025: 03:30 that morning is daylight time (UTC-4).
    const afterChange = instantOfWallTime(Date.parse('2025-03-09T03:30:00Z'), 'America/New_York');
    assert.equal(new Date(afterChange).toISOString(), '2025-03-09T07:30:00.000Z');
    const before = instantOfWallTime(Date.parse('2025-03-09T01:30:00Z'), 'America/New_York');
    assert.equal(new Date(before).toISOString(), '2025-03-09T06:30:00.000Z');
  });

  test('the business date is taken in the lender’s zone, not UTC', () => {
    const lateUtcEvening = new Date('2025-03-03T21:30:00Z'); // 00:30 on the 4th in Nairobi
    assert.equal(businessDate(lateUtcEvening, 'Africa/Nairobi'), '2025-03-04');
    assert.equal(businessDate(lateUtcEvening, 'UTC'), '2025-03-03');
  });

  test('LENDER_NOW fixes business time but not the wall clock used for security timers', () => {
    const clock = configuredClock({ fixedNow: new Date('2025-03-03T07:00:00Z'), wallAheadMs: 0 });
    assert.equal(clock.now().toISOString(), '2025-03-03T07:00:00.000Z');
    assert.ok(Math.abs(clock.wallNow() - Date.now()) < 1000);
  });

  test('recognises IANA time zones', () => {
    assert.equal(isValidTimeZone('Africa/Nairobi'), true);
    assert.equal(isValidTimeZone('Mars/Olympus'), false);
  });
});
