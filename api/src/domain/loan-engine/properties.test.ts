import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { propertyRuns } from '../../../test/property-seed';
import { loanDetailSchema } from '@lender/shared/contract/loans';
import { divideRounded, percentOf, sumCents } from '@lender/shared/domain/cents';
import { nextAgeingDate, statusAsOf } from './ageing';
import { addDays, daysBetween } from './calendar-date';
import { toLoanFigures } from './contract-figures';
import { deviceStatusFor, nextDeviceStatus, type DeviceEvent } from './device-status';
import { evaluateLoan, type ApprovedRepayment, type LoanEvaluation } from './evaluate';
import { validateRepaymentAmount } from './repayment';
import { buildSchedule, type LoanSchedule } from './schedule';
import type { LoanTerms } from '@lender/shared/domain/loan-terms';

const NUM_RUNS = propertyRuns(300);

/** A percentage with up to 2 decimals, written as a database or a form would ('7', '12.5', '12.50'). */
const percentArbitrary = (maxBasisPoints: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxBasisPoints }), fc.boolean()).map(([basisPoints, padded]) => {
    const whole = Math.floor(basisPoints / 100);
    const fraction = String(basisPoints % 100).padStart(2, '0');
    if (padded) return `${whole}.${fraction}`;
    return basisPoints % 100 === 0 ? String(whole) : `${whole}.${fraction.replace(/0$/, '')}`;
  });

const termsArbitrary: fc.Arbitrary<LoanTerms> = fc.record({
  principalCents: fc.bigInt({ min: 100n, max: 100_000_000n }),
  interestRate: percentArbitrary(10_000),
  durationDays: fc.integer({ min: 7, max: 730 }),
});

const disbursementArbitrary = fc.integer({ min: 0, max: 3_650 }).map((days) => addDays('2020-01-01', days));

/** Repayment attempts: a day after disbursement (as a share of the days up to today) and a share of the balance. */
const attemptsArbitrary = fc.array(
  fc.record({
    dayShare: fc.double({ min: 0, max: 1, noNaN: true }),
    // in ten-thousandths; paying the whole balance is one case among others
    balanceShare: fc.oneof(
      { arbitrary: fc.constant(10_000), weight: 1 },
      { arbitrary: fc.integer({ min: 1, max: 4_000 }), weight: 10 },
    ),
  }),
  { maxLength: 12 },
);

interface Scenario {
  terms: LoanTerms;
  schedule: LoanSchedule;
  lateFeePercent: string;
  repossessed: boolean;
  today: string;
  repayments: ApprovedRepayment[];
}

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    terms: termsArbitrary,
    disbursementDate: disbursementArbitrary,
    lateFeePercent: fc.oneof(fc.constant('0'), percentArbitrary(2_000)),
    repossessed: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    todayOffset: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 900 })),
    attempts: attemptsArbitrary,
  })
  .map(({ terms, disbursementDate, lateFeePercent, repossessed, todayOffset, attempts }) => {
    const schedule = buildSchedule({ ...terms, disbursementDate });
    const today = addDays(disbursementDate, todayOffset);
    // Record the repayments in date order, each ≤ the remaining balance on its day (as the server would).
    const days = attempts.map((a) => Math.floor(a.dayShare * todayOffset)).sort((a, b) => a - b);
    const repayments: ApprovedRepayment[] = [];
    attempts.forEach((attempt, index) => {
      const paidDate = addDays(disbursementDate, days[index] ?? 0);
      const before = evaluateLoan({
        terms,
        schedule,
        disbursed: true,
        approvedRepayments: repayments,
        penaltyRule: { lateFeePercent },
        repossessed,
        today: paidDate,
      });
      if (before.remainingBalanceCents <= 0n) return;
      const share = (before.remainingBalanceCents * BigInt(attempt.balanceShare)) / 10_000n;
      const amountCents = share > 0n ? share : 1n;
      assert.deepEqual(validateRepaymentAmount(before, amountCents), { ok: true });
      repayments.push({ amountCents, paidDate });
    });
    return { terms, schedule, lateFeePercent, repossessed, today, repayments };
  });

const evaluateScenario = (scenario: Scenario, today = scenario.today): LoanEvaluation =>
  evaluateLoan({
    terms: scenario.terms,
    schedule: scenario.schedule,
    disbursed: true,
    approvedRepayments: scenario.repayments,
    penaltyRule: { lateFeePercent: scenario.lateFeePercent },
    repossessed: scenario.repossessed,
    today,
  });

describe('loan engine properties', () => {
  test('schedule: installments add up to the total, regular ones equal, none negative, dates in order', () => {
    fc.assert(
      fc.property(termsArbitrary, disbursementArbitrary, (terms, disbursementDate) => {
        const schedule = buildSchedule({ ...terms, disbursementDate });
        const amounts = schedule.installments.map((i) => i.amountCents);
        const n = Math.max(1, Math.floor(terms.durationDays / 7));
        assert.equal(amounts.length, n);
        assert.equal(schedule.installmentCount, n);
        assert.equal(sumCents(amounts), schedule.totalAmountCents);
        assert.equal(schedule.totalAmountCents, terms.principalCents + schedule.totalInterestCents);
        assert.ok(amounts.every((a) => a >= 0n));
        const regular = amounts.slice(0, -1);
        assert.ok(regular.every((a) => a === schedule.installmentAmountCents));
        // total / n rounded to the cent (half away from zero), unless that would make the last negative
        const rounded = divideRounded(schedule.totalAmountCents, BigInt(n));
        if (schedule.totalAmountCents - rounded * BigInt(n - 1) >= 0n) {
          assert.equal(schedule.installmentAmountCents, rounded);
        }
        schedule.installments.forEach((installment, index) => {
          const expectedDay = index + 1 < n ? 7 * (index + 1) : terms.durationDays;
          assert.equal(daysBetween(disbursementDate, installment.dueDate), expectedDay);
          assert.equal(installment.number, index + 1);
        });
        assert.equal(schedule.expectedCompletionDate, addDays(disbursementDate, terms.durationDays));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('evaluation: the invariants of docs/product.md#loans-and-the-schedule and #repayment-rules hold for any repayments and day', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const e = evaluateScenario(scenario);
        const paid = sumCents(scenario.repayments.map((r) => r.amountCents));
        assert.equal(e.paidAmountCents, paid);
        assert.equal(e.remainingBalanceCents, e.totalAmountCents + e.penaltyCents - e.paidAmountCents);
        assert.ok(e.remainingBalanceCents >= 0n);
        assert.equal(e.status === 'paid', e.remainingBalanceCents === 0n);
        assert.equal(e.dueDate === null, e.status === 'paid');
        assert.equal(e.daysRemaining === null, e.dueDate === null);
        assert.equal(e.completedDate !== null, e.status === 'paid');
        assert.equal(e.defaultDate !== null, e.status === 'defaulted');
        assert.ok(e.arrearsCents >= 0n && e.arrearsCents <= e.remainingBalanceCents);
        assert.ok(e.daysOverdue >= 0);
        assert.ok(e.penaltyPaidCents >= 0n && e.penaltyPaidCents <= e.penaltyCents);
        assert.equal(sumCents(e.installments.map((i) => i.paidCents)) + e.penaltyPaidCents, paid);
        assert.ok(e.installments.every((i) => i.paidCents >= 0n && i.remainingCents >= 0n));
        assert.equal(e.installmentsSumCents, e.totalAmountCents);
        // what the table's words say
        if (e.dueDate !== null) {
          assert.equal(e.daysRemaining, daysBetween(e.asOf, e.dueDate));
          assert.equal(e.daysOverdue, Math.max(0, -(e.daysRemaining ?? 0)));
          assert.equal(e.dueDate, e.installments.find((i) => i.remainingCents > 0n)?.dueDate);
        }
        if (e.status === 'defaulted') {
          assert.ok(e.daysOverdue > 30 && !scenario.repossessed);
          assert.equal(e.defaultDate, addDays(e.dueDate ?? '', 31));
        }
        if (e.status === 'overdue') assert.ok(e.arrearsCents > 0n && e.daysOverdue <= 30);
        if (e.status === 'partially_paid') assert.ok(e.arrearsCents === 0n && paid > 0n);
        if (e.status === 'active') assert.ok(e.arrearsCents === 0n && paid === 0n);
        if (e.daysOverdue > 0) assert.ok(e.arrearsCents > 0n);
        if (e.status === 'paid') {
          assert.ok(scenario.repayments.some((r) => r.paidDate === e.completedDate));
          assert.ok((e.completedDate ?? '') <= e.asOf);
        }
        const due = e.installments.filter((i) => i.dueDate <= e.asOf).map((i) => i.amountCents);
        const arrears = sumCents(due) - (paid - e.penaltyPaidCents);
        assert.equal(e.arrearsCents, arrears > 0n ? arrears : 0n);
        // the engine's output fits the contract
        const figures = toLoanFigures(e);
        assert.equal(loanDetailSchema.shape.schedule.safeParse(figures.schedule).success, true);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('late fees: each overdue installment is charged at most once, so the penalty never decreases with time', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.integer({ min: 0, max: 400 }), (scenario, extraDays) => {
        const now = evaluateScenario(scenario);
        const later = evaluateScenario(scenario, addDays(scenario.today, extraDays));
        assert.ok(later.penaltyCents >= now.penaltyCents);
        assert.equal(later.penaltyPaidCents, now.penaltyPaidCents);
        const maxPenalty = sumCents(
          scenario.schedule.installments.map((i) => percentOf(i.amountCents, scenario.lateFeePercent)),
        );
        assert.ok(later.penaltyCents <= maxPenalty);
        if (/^0(\.0+)?$/.test(scenario.lateFeePercent)) assert.equal(later.penaltyCents, 0n);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  test('device status: derived from any evaluation and any stored status, purchased exactly when paid', () => {
    const events: DeviceEvent[] = [
      'disbursed',
      'arrears',
      'lock',
      'arrears_cleared',
      'balance_zero',
      'repossess',
    ];
    fc.assert(
      fc.property(
        scenarioArbitrary,
        fc.constantFrom('active', 'waiting', 'locked', 'repossessed', 'repossesed', null),
        fc.constantFrom(...events),
        (scenario, stored, event) => {
          const e = evaluateScenario(scenario);
          const derived = deviceStatusFor(stored, e);
          assert.equal(derived === 'purchased', e.status === 'paid');
          if (derived === 'waiting') assert.ok(e.arrearsCents > 0n);
          if (e.status !== 'paid' && stored !== null && stored.startsWith('reposses')) {
            assert.equal(derived, 'repossessed');
          }
          if (e.status !== 'paid' && e.arrearsCents === 0n) assert.notEqual(derived, 'locked');
          const transition = nextDeviceStatus(stored, event);
          if (transition.ok) assert.notEqual(transition.status as string, 'repossesed');
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  test('nothing throws for in-domain inputs, whatever the order and dates of the repayments', () => {
    const repaymentArbitrary = fc.record({
      amountCents: fc.bigInt({ min: 0n, max: 300_000_000n }),
      paidDate: fc.integer({ min: -30, max: 1_000 }).map((d) => addDays('2025-06-01', d)),
    });
    fc.assert(
      fc.property(
        termsArbitrary,
        fc.array(repaymentArbitrary, { maxLength: 10 }),
        fc.integer({ min: -60, max: 1_200 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 120 }),
        (terms, repayments, todayOffset, disbursed, repossessed, defaultThresholdDays) => {
          const schedule = buildSchedule({ ...terms, disbursementDate: '2025-06-01' });
          const e = evaluateLoan({
            terms,
            schedule: disbursed ? schedule : null,
            disbursed,
            approvedRepayments: repayments,
            penaltyRule: { lateFeePercent: '5' },
            repossessed,
            today: addDays('2025-06-01', todayOffset),
            defaultThresholdDays,
          });
          assert.equal(e.remainingBalanceCents, e.totalAmountCents + e.penaltyCents - e.paidAmountCents);
          assert.equal(e.status === 'paid', disbursed && e.remainingBalanceCents <= 0n);
          assert.ok(e.daysOverdue >= 0 && e.arrearsCents >= 0n);
          validateRepaymentAmount(e, 100n);
          deviceStatusFor('active', e);
          toLoanFigures(e);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  // The ageing pass and the reads between passes rest on these two (modules/loans/ageing.ts).
  const storedFigures = (e: LoanEvaluation) => ({
    penalty: e.penaltyCents,
    remaining: e.remainingBalanceCents,
    arrears: e.arrearsCents,
    paid: e.paidAmountCents,
    status: e.status,
    dueDate: e.dueDate,
    defaultDate: e.defaultDate,
    completedDate: e.completedDate,
    paidThroughDate: e.paidThroughDate,
    lockDate: e.lockDate,
  });

  test('ageing: no stored figure changes before the next ageing date, nor ever when there is none', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.integer({ min: 1, max: 400 }), (scenario, extraDays) => {
        const now = evaluateScenario(scenario);
        const next = nextAgeingDate(now, {
          lateFeePercent: scenario.lateFeePercent,
          defaultThresholdDays: 30,
        });
        if (next !== null) assert.ok(next > now.asOf);
        const later = addDays(scenario.today, extraDays);
        if (next !== null && later >= next) return;
        const then = evaluateScenario(scenario, later);
        assert.deepEqual(storedFigures(then), storedFigures(now));
        assert.equal(deviceStatusFor('active', then), deviceStatusFor('active', now));
      }),
      { numRuns: NUM_RUNS * 3 },
    );
  });

  test('ageing: the status and default date as of a later day follow from the stored columns alone', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.integer({ min: 0, max: 400 }), (scenario, extraDays) => {
        const stored = evaluateScenario(scenario);
        const later = addDays(scenario.today, extraDays);
        const then = evaluateScenario(scenario, later);
        const asOf = statusAsOf(
          {
            status: stored.status,
            dueDate: stored.dueDate,
            paidAmountCents: stored.paidAmountCents,
            defaultDate: stored.defaultDate,
          },
          later,
          30,
        );
        assert.deepEqual(asOf, { status: then.status, defaultDate: then.defaultDate });
      }),
      { numRuns: NUM_RUNS * 3 },
    );
  });

  test('paid-through and lock dates: their definitions hold for any repayments and day', () => {
    fc.assert(
      fc.property(scenarioArbitrary, fc.integer({ min: 0, max: 400 }), (scenario, extraDays) => {
        const e = evaluateScenario(scenario);
        const { installments } = e;
        const firstOpen = installments.findIndex((i) => i.remainingCents > 0n);
        const coveredCount = firstOpen === -1 ? installments.length : firstOpen;
        // Every installment before the paid-through date is covered, and the next one is not.
        installments.forEach((installment, index) =>
          assert.equal(
            installment.remainingCents <= 0n,
            index < coveredCount || installment.amountCents === 0n,
          ),
        );
        assert.equal(e.paidThroughDate, coveredCount === 0 ? null : installments[coveredCount - 1]?.dueDate);
        if (e.status === 'paid') {
          assert.equal(e.paidThroughDate, installments[installments.length - 1]?.dueDate);
          assert.equal(e.lockDate, null);
        } else if (e.status === 'repossessed') {
          assert.equal(e.lockDate, null);
        } else {
          assert.equal(e.lockDate, e.dueDate);
          assert.notEqual(e.lockDate, null);
          // The phone goes waiting (arrears > 0) exactly from the lock date if nothing more is paid.
          const lockDate = e.lockDate ?? '';
          assert.equal(e.arrearsCents > 0n, lockDate <= e.asOf);
          const onLockDate = evaluateScenario(scenario, lockDate > e.asOf ? lockDate : e.asOf);
          assert.ok(onLockDate.arrearsCents > 0n);
          assert.equal(deviceStatusFor('active', onLockDate), 'waiting');
          if (lockDate > e.asOf) {
            const dayBefore = evaluateScenario(scenario, addDays(lockDate, -1));
            assert.equal(dayBefore.arrearsCents, 0n);
          }
        }
        if (e.paidThroughDate !== null && e.lockDate !== null) assert.ok(e.paidThroughDate < e.lockDate);
        // Neither moves with the date alone.
        const later = evaluateScenario(scenario, addDays(scenario.today, extraDays));
        assert.equal(later.paidThroughDate, e.paidThroughDate);
        if (later.status !== 'paid') assert.equal(later.lockDate, e.lockDate);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
