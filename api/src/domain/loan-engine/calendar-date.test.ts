import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { propertyRuns } from '../../../test/property-seed';
import { businessDate } from '../clock';
import { addDays, daysBetween, DEFAULT_LENDER_TZ, isBusinessDate } from './calendar-date';

describe('calendar dates', () => {
  test('recognises real dates written YYYY-MM-DD only', () => {
    assert.equal(isBusinessDate('2026-03-10'), true);
    assert.equal(isBusinessDate('2024-02-29'), true);
    assert.equal(isBusinessDate('2026-02-29'), false);
    assert.equal(isBusinessDate('2026-04-31'), false);
    assert.equal(isBusinessDate('2026-13-01'), false);
    assert.equal(isBusinessDate('2026-3-10'), false);
    assert.equal(isBusinessDate('2026-03-10T00:00:00Z'), false);
    assert.equal(isBusinessDate(''), false);
  });

  test('adds days across months, years and leap days', () => {
    assert.equal(addDays('2026-01-01', 30), '2026-01-31');
    assert.equal(addDays('2026-01-31', 1), '2026-02-01');
    assert.equal(addDays('2026-12-25', 7), '2027-01-01');
    assert.equal(addDays('2024-02-28', 1), '2024-02-29');
    assert.equal(addDays('2026-02-28', 1), '2026-03-01');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addDays('2026-03-03', 730), '2028-03-02');
  });

  test('counts whole days whatever the DST changes of any zone (pure calendar arithmetic)', () => {
    // Europe and North America change their clocks on these weekends; Nairobi never does.
    assert.equal(daysBetween('2026-03-28', '2026-03-30'), 2);
    assert.equal(daysBetween('2026-03-07', '2026-03-09'), 2);
    assert.equal(daysBetween('2026-10-24', '2026-10-26'), 2);
    assert.equal(daysBetween('2026-03-10', '2026-03-09'), -1);
    assert.equal(daysBetween('2024-01-01', '2025-01-01'), 366);
  });

  test('refuses what is not a date', () => {
    assert.throws(() => addDays('2026-02-30', 1), RangeError);
    assert.throws(() => daysBetween('yesterday', '2026-01-01'), RangeError);
    assert.throws(() => addDays('2026-01-01', 1.5), RangeError);
  });

  test('agrees with UTC midnights for any date and offset', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: -30_000, max: 30_000 }),
        fc.integer({ min: -5_000, max: 5_000 }),
        (start, offset) => {
          const from = new Date(start * day).toISOString().slice(0, 10);
          const expected = new Date((start + offset) * day).toISOString().slice(0, 10);
          assert.equal(addDays(from, offset), expected);
          assert.equal(daysBetween(from, expected), offset);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  test('"today" is taken in Nairobi: 21:30 UTC on the 9th is already the 10th', () => {
    assert.equal(DEFAULT_LENDER_TZ, 'Africa/Nairobi');
    assert.equal(businessDate(new Date('2026-03-09T21:30:00Z'), DEFAULT_LENDER_TZ), '2026-03-10');
    assert.equal(businessDate(new Date('2026-03-09T20:59:59Z'), DEFAULT_LENDER_TZ), '2026-03-09');
    assert.equal(businessDate(new Date('2026-03-09T21:00:00Z'), DEFAULT_LENDER_TZ), '2026-03-10');
    assert.equal(businessDate(new Date('2026-03-09T21:30:00Z'), 'UTC'), '2026-03-09');
  });
});
