import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msUntilNextMidnight } from './ageing';

test('msUntilNextMidnight: the next midnight in the lender zone, not in UTC', () => {
  // 23:30 in Nairobi (20:30 UTC): midnight in Nairobi is 30 minutes away.
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T20:30:00Z'), 'Africa/Nairobi'), 30 * 60_000);
  // 00:30 in Nairobi (21:30 UTC the day before): 23.5 hours to the next one.
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T21:30:00Z'), 'Africa/Nairobi'), 23.5 * 3_600_000);
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T23:00:00Z'), 'UTC'), 3_600_000);
  // New York springs forward on 9 March 2025: that day lasts 23 hours.
  assert.equal(msUntilNextMidnight(new Date('2025-03-09T05:00:00Z'), 'America/New_York'), 23 * 3_600_000);
});
