import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACCOUNT_THROTTLE, strictest, throttleDecision, tooManyAttemptsMessage } from './sign-in-throttle';

const minute = 60_000;
const now = 100 * minute;

describe('sign-in throttle', () => {
  test('lets a key through below the limit', () => {
    assert.deepEqual(throttleDecision([now - minute, now - 2 * minute], now, ACCOUNT_THROTTLE), {
      blocked: false,
    });
  });

  test('blocks at the limit until the limit-th most recent failure leaves the window', () => {
    const failures = [1, 2, 3, 4, 5].map((n) => now - n * minute);
    assert.deepEqual(throttleDecision(failures, now, ACCOUNT_THROTTLE), {
      blocked: true,
      retryAfterSeconds: 600,
    });
  });

  test('ignores failures older than the window', () => {
    const failures = [1, 2, 3, 4, 16].map((n) => now - n * minute);
    assert.deepEqual(throttleDecision(failures, now, ACCOUNT_THROTTLE), { blocked: false });
  });

  test('the longest wait wins', () => {
    assert.deepEqual(
      strictest([
        { blocked: false },
        { blocked: true, retryAfterSeconds: 30 },
        { blocked: true, retryAfterSeconds: 90 },
      ]),
      { blocked: true, retryAfterSeconds: 90 },
    );
  });

  test('says when to try again in whole minutes', () => {
    assert.equal(tooManyAttemptsMessage(600), 'Too many failed sign-in attempts. Try again in 10 minutes.');
    assert.equal(tooManyAttemptsMessage(61), 'Too many failed sign-in attempts. Try again in 2 minutes.');
    assert.equal(tooManyAttemptsMessage(5), 'Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
