import assert from 'node:assert/strict';
import { test } from 'node:test';
import { businessDate } from './clock';
import { periodRange } from './report-periods';

test('report periods around a month end and a week end in Nairobi (Sunday 1 March 2026, 00:30)', () => {
  const today = businessDate(new Date('2026-03-01T00:30:00+03:00'), 'Africa/Nairobi');
  assert.equal(today, '2026-03-01');
  assert.equal(periodRange('all', today), null);
  assert.deepEqual(periodRange('today', today), { start: '2026-03-01', end: '2026-03-01' });
  assert.deepEqual(periodRange('yesterday', today), { start: '2026-02-28', end: '2026-02-28' });
  assert.deepEqual(periodRange('this_week', today), { start: '2026-02-23', end: '2026-03-01' });
  assert.deepEqual(periodRange('last_week', today), { start: '2026-02-16', end: '2026-02-22' });
  assert.deepEqual(periodRange('this_month', today), { start: '2026-03-01', end: '2026-03-31' });
  assert.deepEqual(periodRange('last_month', today), { start: '2026-02-01', end: '2026-02-28' });
  assert.deepEqual(periodRange('this_year', today), { start: '2026-01-01', end: '2026-12-31' });
  assert.deepEqual(periodRange('period', today, { start: '2026-01-05', end: '2026-01-09' }), {
    start: '2026-01-05',
    end: '2026-01-09',
  });
  assert.throws(() => periodRange('period', today, { start: '2026-01-05' }), RangeError);
});

test('report periods: Monday starts a week, January looks back to December, leap February', () => {
  assert.deepEqual(periodRange('this_week', '2026-03-02'), { start: '2026-03-02', end: '2026-03-08' });
  assert.deepEqual(periodRange('last_week', '2026-03-02'), { start: '2026-02-23', end: '2026-03-01' });
  assert.deepEqual(periodRange('last_month', '2026-01-15'), { start: '2025-12-01', end: '2025-12-31' });
  assert.deepEqual(periodRange('last_month', '2024-03-31'), { start: '2024-02-01', end: '2024-02-29' });
  assert.deepEqual(periodRange('yesterday', '2026-01-01'), { start: '2025-12-31', end: '2025-12-31' });
});
