import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  admit,
  delayAfter,
  longestWait,
  PAIR_THROTTLE,
  release,
  throttleAddress,
  tooManyAttemptsMessage,
  type ThrottleState,
} from './sign-in-throttle';

const rule = PAIR_THROTTLE;
const T0 = 1_700_000_000_000;

/** Runs `count` attempts at one instant, each a failure: the states and admissions in order. */
function failRepeatedly(count: number, at = T0, start?: ThrottleState) {
  let state = start;
  const admitted: boolean[] = [];
  for (let i = 0; i < count; i += 1) {
    const admission = admit(state, at, rule);
    admitted.push(admission.admitted);
    if (admission.admitted) state = admission.reserved;
  }
  return { state, admitted };
}

describe('sign-in throttle', () => {
  test('the free failures pass at once; the next attempt waits', () => {
    const { state, admitted } = failRepeatedly(7);
    assert.deepEqual(admitted, [true, true, true, true, true, false, false]);
    assert.equal(state?.failures, 5);
    assert.equal(state?.blockedUntil, T0 + 30_000);
  });

  test('each failure past the free ones doubles the wait, up to 15 minutes', () => {
    assert.deepEqual(
      [4, 5, 6, 7, 8, 9, 10, 11, 60].map((failures) => delayAfter(failures, rule) / 1000),
      [0, 30, 60, 120, 240, 480, 900, 900, 900],
    );
  });

  test('after the wait one more attempt passes, and its failure waits longer', () => {
    const { state } = failRepeatedly(5);
    const refused = admit(state, T0 + 29_000, rule);
    assert.deepEqual(refused, { admitted: false, retryAfterSeconds: 1 });
    const later = admit(state, T0 + 30_000, rule);
    assert.ok(later.admitted);
    assert.equal(later.reserved.blockedUntil, T0 + 30_000 + 60_000);
  });

  test('a refused attempt does not lengthen the wait', () => {
    const { state } = failRepeatedly(5);
    const { state: after } = failRepeatedly(100, T0 + 1000, state);
    assert.deepEqual(after, state);
  });

  test('a key quiet for an hour is forgotten', () => {
    const { state } = failRepeatedly(5);
    const admission = admit(state, T0 + 60 * 60_000, rule);
    assert.ok(admission.admitted);
    assert.equal(admission.reserved.failures, 1);
  });

  test('a right password gives its reserved failure back', () => {
    const { state } = failRepeatedly(4);
    const admission = admit(state, T0, rule);
    assert.ok(admission.admitted);
    assert.equal(admission.reserved.blockedUntil, T0 + 30_000, 'the 5th attempt reserves a wait');
    assert.deepEqual(release(admission.reserved, rule), {
      failures: 4,
      lastFailureAt: T0,
      blockedUntil: null,
    });
    assert.equal(release({ failures: 1, lastFailureAt: T0, blockedUntil: null }, rule), undefined);
  });

  test('property: no attempt passes while its key waits, and a burst at one instant passes only the free failures', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 200 }), (gaps) => {
        let state: ThrottleState | undefined;
        let now = T0;
        for (const gap of gaps) {
          now += gap;
          const admission = admit(state, now, rule);
          const waiting = state?.blockedUntil != null && state.blockedUntil > now;
          assert.equal(admission.admitted, !waiting);
          if (admission.admitted) state = admission.reserved;
        }
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (burst) => {
        const passed = failRepeatedly(burst).admitted.filter(Boolean).length;
        assert.equal(passed, Math.min(burst, rule.freeFailures));
      }),
    );
  });

  test('the longest wait wins; none when every key admits', () => {
    assert.equal(
      longestWait([
        { admitted: false, retryAfterSeconds: 30 },
        { admitted: false, retryAfterSeconds: 600 },
        { admitted: true, reserved: { failures: 1, lastFailureAt: T0, blockedUntil: null } },
      ]),
      600,
    );
    assert.equal(
      longestWait([{ admitted: true, reserved: { failures: 1, lastFailureAt: T0, blockedUntil: null } }]),
      undefined,
    );
  });

  test('an IPv6 client is counted by its /64; a mapped IPv4 address as itself', () => {
    assert.equal(throttleAddress('203.0.113.7'), '203.0.113.7');
    assert.equal(throttleAddress('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(throttleAddress('2001:db8:abcd:12:1::7'), '2001:db8:abcd:12::/64');
    assert.equal(throttleAddress('2001:db8:abcd:12:ffff:1:2:3'), '2001:db8:abcd:12::/64');
    assert.equal(throttleAddress('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(throttleAddress('::1'), '0:0:0:0::/64');
    assert.equal(throttleAddress('fe80::1%eth0'), 'fe80:0:0:0::/64');
  });

  test('says when to try again, in seconds under a minute and whole minutes above', () => {
    assert.equal(tooManyAttemptsMessage(30), 'Too many failed sign-in attempts. Try again in 30 seconds.');
    assert.equal(tooManyAttemptsMessage(61), 'Too many failed sign-in attempts. Try again in 2 minutes.');
    assert.equal(tooManyAttemptsMessage(60), 'Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
