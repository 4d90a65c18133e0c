import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs, sendableFrom } from './outbox';

const NAIROBI = 'Africa/Nairobi';

describe('outbox rules', () => {
  it('doubles the wait after each failed attempt, up to the cap', () => {
    const none = () => 0;
    assert.equal(retryDelayMs(1, none), RETRY_BASE_MS);
    assert.equal(retryDelayMs(2, none), 2 * RETRY_BASE_MS);
    assert.equal(retryDelayMs(4, none), 8 * RETRY_BASE_MS);
    assert.equal(retryDelayMs(30, none), RETRY_CAP_MS);
    // jitter shortens by at most a fifth
    assert.equal(
      retryDelayMs(1, () => 1),
      0.8 * RETRY_BASE_MS,
    );
  });

  it('sends during the day at once and holds the night until 07:00 Nairobi', () => {
    const at = (iso: string) => sendableFrom(new Date(iso), NAIROBI).toISOString();
    assert.equal(at('2026-12-02T10:00:00+03:00'), '2026-12-02T07:00:00.000Z');
    assert.equal(at('2026-12-02T07:00:00+03:00'), '2026-12-02T04:00:00.000Z');
    assert.equal(at('2026-12-02T20:59:59+03:00'), '2026-12-02T17:59:59.000Z');
    // 21:00 to midnight: tomorrow 07:00
    assert.equal(at('2026-12-02T21:00:00+03:00'), '2026-12-03T04:00:00.000Z');
    assert.equal(at('2026-12-02T22:00:00+03:00'), '2026-12-03T04:00:00.000Z');
    // midnight to 07:00: this morning
    assert.equal(at('2026-12-03T02:30:00+03:00'), '2026-12-03T04:00:00.000Z');
    // the month's last night
    assert.equal(at('2026-12-31T23:10:00+03:00'), '2027-01-01T04:00:00.000Z');
  });
});
