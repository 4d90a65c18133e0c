import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { businessDate, fixedBusinessClock, isValidTimeZone } from './clock';

describe('clock', () => {
  test('the business date is taken in the lender’s zone, not UTC', () => {
    const lateUtcEvening = new Date('2025-03-03T21:30:00Z'); // 00:30 on the 4th in Nairobi
    assert.equal(businessDate(lateUtcEvening, 'Africa/Nairobi'), '2025-03-04');
    assert.equal(businessDate(lateUtcEvening, 'UTC'), '2025-03-03');
  });

  test('LENDER_NOW fixes business time but not the wall clock used for security timers', () => {
    const clock = fixedBusinessClock(new Date('2025-03-03T07:00:00Z'));
    assert.equal(clock.now().toISOString(), '2025-03-03T07:00:00.000Z');
    assert.ok(Math.abs(clock.wallNow() - Date.now()) < 1000);
  });

  test('recognises IANA time zones', () => {
    assert.equal(isValidTimeZone('Africa/Nairobi'), true);
    assert.equal(isValidTimeZone('Mars/Olympus'), false);
  });
});
