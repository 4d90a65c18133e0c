import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEVICE_STATUSES, type DeviceStatus } from '@lender/shared/domain/statuses';
import { toCents } from '@lender/shared/domain/cents';
import {
  deviceStatusFor,
  nextDeviceStatus,
  readDeviceStatus,
  type DeviceEvent,
  type DeviceTransition,
} from './device-status';
import { evaluateLoan, type ApprovedRepayment } from './evaluate';
import { buildSchedule } from './schedule';

const terms = { principalCents: toCents('10000'), interestRate: '10', durationDays: 30 };
const schedule = buildSchedule({ ...terms, disbursementDate: '2026-03-03' }); // due 03-10, 03-17, 03-24, 04-02
const evaluationAt = (today: string, approvedRepayments: ApprovedRepayment[] = [], repossessed = false) =>
  evaluateLoan({ terms, schedule, disbursed: true, approvedRepayments, repossessed, today });

// What nextDeviceStatus answers when the event is allowed.
const movesTo = (status: DeviceStatus): DeviceTransition => ({ ok: true, status, changed: true });
const staysAt = (status: DeviceStatus): DeviceTransition => ({ ok: true, status, changed: false });

/** Under `event`, each current status gets the answer its entry names. */
function assertAnswers(event: DeviceEvent, answers: Partial<Record<DeviceStatus, DeviceTransition>>) {
  for (const [current, expected] of Object.entries(answers)) {
    assert.deepEqual(nextDeviceStatus(current as DeviceStatus, event), expected, `${current} on ${event}`);
  }
}

describe('device status transitions (docs/product.md#the-financed-phone)', () => {
  test('disbursement makes the phone active, once', () => {
    assert.deepEqual(nextDeviceStatus(null, 'disbursed'), movesTo('active'));
    const again = nextDeviceStatus('active', 'disbursed');
    assert.ok(!again.ok && again.code === 'ALREADY_DISBURSED');
  });

  test('arrears queue an active phone for lock; other statuses stay', () => {
    assertAnswers('arrears', {
      active: movesTo('waiting'),
      waiting: staysAt('waiting'),
      locked: staysAt('locked'),
      repossessed: staysAt('repossessed'),
    });
  });

  test('lock only from waiting', () => {
    assert.deepEqual(nextDeviceStatus('waiting', 'lock'), movesTo('locked'));
    for (const current of ['active', 'locked', 'purchased', 'repossessed', null] as const) {
      const refusal = nextDeviceStatus(current, 'lock');
      assert.equal(refusal.ok, false, String(current));
      assert.ok(!refusal.ok && refusal.code === 'LOCK_NOT_WAITING');
      assert.ok(!refusal.ok && refusal.message.includes(`device status: ${current ?? 'none'}`));
    }
  });

  test('no lock while a repayment for the loan awaits approval', () => {
    const refusal = nextDeviceStatus('waiting', 'lock', { repaymentAwaitingApproval: true });
    assert.ok(!refusal.ok && refusal.code === 'LOCK_REPAYMENT_PENDING');
    assert.deepEqual(
      nextDeviceStatus('waiting', 'lock', { repaymentAwaitingApproval: false }),
      movesTo('locked'),
    );
  });

  test('clearing the arrears unlocks a waiting or locked phone', () => {
    assertAnswers('arrears_cleared', {
      waiting: movesTo('active'),
      locked: movesTo('active'),
      active: staysAt('active'),
      repossessed: staysAt('repossessed'),
    });
  });

  test('a zero balance releases the phone from any status', () => {
    for (const current of DEVICE_STATUSES) {
      assert.deepEqual(nextDeviceStatus(current, 'balance_zero'), {
        ok: true,
        status: 'purchased',
        changed: current !== 'purchased',
      });
    }
  });

  test('repossess from any status but purchased; refused once paid', () => {
    assertAnswers('repossess', {
      active: movesTo('repossessed'),
      waiting: movesTo('repossessed'),
      locked: movesTo('repossessed'),
      repossessed: staysAt('repossessed'),
    });
    const paid = nextDeviceStatus('purchased', 'repossess');
    assert.ok(!paid.ok && paid.code === 'REPOSSESS_PAID');
    const notDisbursed = nextDeviceStatus(null, 'repossess');
    assert.ok(!notDisbursed.ok && notDisbursed.code === 'NOT_DISBURSED');
  });

  test('the legacy spelling "repossesed" is read as repossessed and never written', () => {
    assert.equal(readDeviceStatus('repossesed'), 'repossessed');
    assert.deepEqual(nextDeviceStatus('repossesed', 'repossess'), staysAt('repossessed'));
    assert.deepEqual(nextDeviceStatus('repossesed', 'balance_zero'), movesTo('purchased'));
    assert.deepEqual(nextDeviceStatus('repossesed', 'arrears'), staysAt('repossessed'));
    const lock = nextDeviceStatus('repossesed', 'lock');
    assert.ok(!lock.ok && lock.message.endsWith('(device status: repossessed)'));
    assert.equal(deviceStatusFor('repossesed', evaluationAt('2026-03-20')), 'repossessed');
  });
});

describe('device status derived from an evaluation', () => {
  const inArrears = evaluationAt('2026-03-12');
  const upToDate = evaluationAt('2026-03-12', [{ amountCents: toCents('2750'), paidDate: '2026-03-12' }]);
  const paidOff = evaluationAt('2026-03-12', [{ amountCents: toCents('11000'), paidDate: '2026-03-12' }]);

  test('null until disbursed; active once disbursed with nothing stored', () => {
    const pending = evaluateLoan({
      terms,
      schedule: null,
      disbursed: false,
      approvedRepayments: [],
      repossessed: false,
      today: '2026-03-12',
    });
    assert.equal(deviceStatusFor(null, pending), null);
    assert.equal(deviceStatusFor(null, upToDate), 'active');
  });

  test('arrears move active to waiting, and leave waiting and locked as they are', () => {
    assert.ok(inArrears.arrearsCents > 0n);
    assert.equal(deviceStatusFor('active', inArrears), 'waiting');
    assert.equal(deviceStatusFor('waiting', inArrears), 'waiting');
    assert.equal(deviceStatusFor('locked', inArrears), 'locked');
  });

  test('an installment due today already counts (arrears are "due on or before today")', () => {
    assert.equal(deviceStatusFor('active', evaluationAt('2026-03-10')), 'waiting');
    assert.equal(deviceStatusFor('active', evaluationAt('2026-03-09')), 'active');
  });

  test('no arrears move waiting and locked back to active', () => {
    assert.equal(upToDate.arrearsCents, 0n);
    const expected: Record<DeviceStatus, DeviceStatus> = {
      active: 'active',
      waiting: 'active',
      locked: 'active',
      purchased: 'purchased',
      repossessed: 'repossessed',
    };
    for (const current of DEVICE_STATUSES)
      assert.equal(deviceStatusFor(current, upToDate), expected[current]);
  });

  test('a zero balance makes the phone purchased, from any status', () => {
    for (const current of DEVICE_STATUSES) assert.equal(deviceStatusFor(current, paidOff), 'purchased');
  });

  test('a repossessed phone stays repossessed while a balance remains', () => {
    assert.equal(deviceStatusFor('repossessed', inArrears), 'repossessed');
    assert.equal(deviceStatusFor('repossessed', upToDate), 'repossessed');
  });
});
