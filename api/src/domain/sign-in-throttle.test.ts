import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  admit,
  delayAfter,
  IN_FLIGHT_STALE_MS,
  PAIR_THROTTLE,
  refusalOf,
  settle,
  throttleAddress,
  tooManyAttemptsMessage,
  type ThrottleState,
} from './sign-in-throttle';

const rule = PAIR_THROTTLE;
const T0 = 1_700_000_000_000;
const WRONG = { succeeded: false, forgetFailures: true };
const RIGHT = { succeeded: true, forgetFailures: true };

/** `count` attempts at one instant, each settled as a wrong password before the next. */
function failRepeatedly(count: number, at = T0, start?: ThrottleState) {
  let state = start;
  const admitted: boolean[] = [];
  for (let i = 0; i < count; i += 1) {
    const admission = admit(state, at, rule);
    admitted.push(admission.admitted);
    if (admission.admitted) state = settle(admission.reserved, WRONG, rule);
  }
  return { state, admitted };
}

describe('sign-in throttle', () => {
  test('the free failures pass at once; the next attempt waits', () => {
    const { state, admitted } = failRepeatedly(7);
    assert.deepEqual(admitted, [true, true, true, true, true, false, false]);
    assert.deepEqual(state, { failures: 5, inFlight: 0, lastFailureAt: T0, blockedUntil: T0 + 30_000 });
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
    assert.deepEqual(refused, { admitted: false, retryAfterSeconds: 1, settling: false });
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

  test('a right password wipes the pair’s settled failures, or gives one back to an address', () => {
    const { state } = failRepeatedly(4);
    const admission = admit(state, T0, rule);
    assert.ok(admission.admitted);
    assert.equal(admission.reserved.blockedUntil, T0 + 30_000, 'the 5th attempt reserves a wait');
    assert.equal(settle(admission.reserved, RIGHT, rule), undefined);
    assert.deepEqual(settle(admission.reserved, { succeeded: true, forgetFailures: false }, rule), {
      failures: 4,
      inFlight: 0,
      lastFailureAt: T0,
      blockedUntil: null,
    });
  });

  test('a burst at one instant passes only the free failures; the rest are told to wait for them to settle', () => {
    let state: ThrottleState | undefined;
    const admissions = Array.from({ length: 8 }, () => {
      const admission = admit(state, T0, rule);
      if (admission.admitted) state = admission.reserved;
      return admission;
    });
    assert.deepEqual(
      admissions.map((admission) => admission.admitted),
      [true, true, true, true, true, false, false, false],
    );
    assert.deepEqual(admissions[5], { admitted: false, retryAfterSeconds: 30, settling: true });
    // The five were right: everyone waiting gets in.
    for (let i = 0; i < 5; i += 1) state = settle(state, RIGHT, rule);
    assert.equal(state, undefined);
    // Had they been wrong, the waiting ones are refused for real.
    let wrong: ThrottleState | undefined = {
      failures: 5,
      inFlight: 5,
      lastFailureAt: T0,
      blockedUntil: T0 + 30_000,
    };
    for (let i = 0; i < 5; i += 1) wrong = settle(wrong, WRONG, rule);
    assert.deepEqual(admit(wrong, T0, rule), { admitted: false, retryAfterSeconds: 30, settling: false });
  });

  test('a reservation its process never settled stops counting as in flight, but stays a failure', () => {
    // Two reservations whose process died: within 30 s they may still settle, so others wait for them…
    const crashed: ThrottleState = { failures: 6, inFlight: 2, lastFailureAt: T0, blockedUntil: T0 + 60_000 };
    assert.deepEqual(admit(crashed, T0 + 1000, rule), {
      admitted: false,
      retryAfterSeconds: 59,
      settling: true,
    });
    // …after that they are failures like any other, and the wait is real.
    assert.deepEqual(admit(crashed, T0 + IN_FLIGHT_STALE_MS, rule), {
      admitted: false,
      retryAfterSeconds: 30,
      settling: false,
    });
  });

  test('property: however attempts interleave and settle, no attempt passes while its key waits, and a burst at one instant passes only the free failures', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 90_000 }),
            settleOne: fc.boolean(),
            right: fc.boolean(),
          }),
          {
            maxLength: 200,
          },
        ),
        (steps) => {
          let state: ThrottleState | undefined;
          let now = T0;
          let unsettled = 0;
          for (const step of steps) {
            now += step.gap;
            if (step.settleOne && unsettled > 0) {
              unsettled -= 1;
              state = settle(state, step.right ? RIGHT : WRONG, rule);
              continue;
            }
            const before = state;
            const admission = admit(state, now, rule);
            if (!admission.admitted) continue;
            unsettled += 1;
            state = admission.reserved;
            assert.ok(before?.blockedUntil == null || before.blockedUntil <= now, 'admitted while waiting');
          }
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (burst) => {
        let state: ThrottleState | undefined;
        let passed = 0;
        for (let i = 0; i < burst; i += 1) {
          const admission = admit(state, T0, rule);
          if (admission.admitted) {
            passed += 1;
            state = admission.reserved;
          }
        }
        assert.equal(passed, Math.min(burst, rule.freeFailures));
      }),
    );
  });

  test('several keys: the longest wait wins, and waiting for settlement only if every refusal is settling', () => {
    const reserved = { failures: 1, inFlight: 1, lastFailureAt: T0, blockedUntil: null };
    assert.deepEqual(
      refusalOf([
        { admitted: false, retryAfterSeconds: 30, settling: true },
        { admitted: false, retryAfterSeconds: 600, settling: false },
        { admitted: true, reserved },
      ]),
      { retryAfterSeconds: 600, settling: false },
    );
    assert.deepEqual(
      refusalOf([
        { admitted: false, retryAfterSeconds: 30, settling: true },
        { admitted: true, reserved },
      ]),
      {
        retryAfterSeconds: 30,
        settling: true,
      },
    );
    assert.equal(refusalOf([{ admitted: true, reserved }]), undefined);
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
