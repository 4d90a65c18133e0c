import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toCents } from '@lender/shared/domain/cents';
import { buildSchedule } from './schedule';
import { computeLoanTotals } from '@lender/shared/domain/loan-terms';
import { previewLoanCost } from '@lender/shared/domain/loan-preview';
import fc from 'fast-check';
import { propertyRuns } from '../../../test/property-seed';
import { addDays } from './calendar-date';

const amounts = (schedule: ReturnType<typeof buildSchedule>) =>
  schedule.installments.map((i) => i.amountCents);
const dueDates = (schedule: ReturnType<typeof buildSchedule>) => schedule.installments.map((i) => i.dueDate);

/** The schedule of `principal` (an amount as typed) lent at `interestRate` % for `durationDays`. */
const scheduleOf = (
  principal: string,
  interestRate: string,
  durationDays: number,
  disbursementDate = '2026-01-01',
) => buildSchedule({ principalCents: toCents(principal), interestRate, durationDays, disbursementDate });

describe('schedule', () => {
  test('10,000.00 at 10 % over 30 days: four installments of 2,750.00 due on days 7, 14, 21 and 30', () => {
    const schedule = scheduleOf('10000', '10', 30, '2026-03-03');
    assert.equal(schedule.totalInterestCents, toCents('1000'));
    assert.equal(schedule.totalAmountCents, toCents('11000'));
    assert.equal(schedule.installmentCount, 4);
    assert.equal(schedule.installmentAmountCents, toCents('2750'));
    assert.deepEqual(amounts(schedule), [275_000n, 275_000n, 275_000n, 275_000n]);
    assert.deepEqual(dueDates(schedule), ['2026-03-10', '2026-03-17', '2026-03-24', '2026-04-02']);
    assert.deepEqual(
      schedule.installments.map((i) => i.number),
      [1, 2, 3, 4],
    );
    assert.equal(schedule.expectedCompletionDate, '2026-04-02');
  });

  test('1,000.00 at 0 % over 7 days: one installment of the whole amount', () => {
    const schedule = scheduleOf('1000', '0', 7, '2026-01-31');
    assert.equal(schedule.totalInterestCents, 0n);
    assert.deepEqual(schedule.installments, [{ number: 1, dueDate: '2026-02-07', amountCents: 100_000n }]);
  });

  test('fewer than 7 days still makes one installment, due at the end of the term', () => {
    const { installments } = scheduleOf('500', '5', 3);
    assert.deepEqual(installments, [{ number: 1, dueDate: '2026-01-04', amountCents: 52_500n }]);
  });

  test('10,000.00 at 15 % over 60 days: eight installments of 1,437.50', () => {
    const schedule = scheduleOf('10000', '15', 60);
    assert.equal(schedule.totalAmountCents, toCents('11500'));
    assert.deepEqual(amounts(schedule), Array(8).fill(143_750n));
    assert.equal(schedule.installments[6]?.dueDate, '2026-02-19'); // day 49
    assert.equal(schedule.installments[7]?.dueDate, '2026-03-02'); // day 60
  });

  test('the last installment takes the remainder: 1,000.00 over 21 days is 333.33, 333.33, 333.34', () => {
    const schedule = scheduleOf('1000', '0', 21);
    assert.equal(schedule.installmentAmountCents, 33_333n);
    assert.deepEqual(amounts(schedule), [33_333n, 33_333n, 33_334n]);
  });

  test('an installment rounded up leaves less for the last: 1,000.00 over 42 days is 5 × 166.67 + 166.65', () => {
    const schedule = scheduleOf('1000', '0', 42);
    assert.deepEqual(amounts(schedule), [16_667n, 16_667n, 16_667n, 16_667n, 16_667n, 16_665n]);
  });

  test('730 days: 104 installments, the 103rd on day 721, the last on day 730', () => {
    const schedule = scheduleOf('100000', '30', 730, '2026-03-03');
    assert.equal(schedule.installments.length, 104);
    assert.equal(schedule.installments[102]?.dueDate, '2028-02-22');
    assert.equal(schedule.installments[103]?.dueDate, '2028-03-02');
    assert.equal(schedule.expectedCompletionDate, '2028-03-02');
    assert.equal(schedule.installmentAmountCents, 125_000n); // 130,000.00 / 104
    assert.equal(
      amounts(schedule).reduce((a, b) => a + b, 0n),
      schedule.totalAmountCents,
    );
  });

  test('rates with decimals are exact and interest rounds half away from zero', () => {
    const totals = (principalCents: bigint, interestRate: string) =>
      computeLoanTotals({ principalCents, interestRate, durationDays: 30 });
    // 12,345.67 × 12.5 % = 1,543.20875
    assert.equal(totals(1_234_567n, '12.5').totalInterestCents, 154_321n);
    // 1.00 × 12.5 % = 0.125 → 0.13 (half away from zero; floats would say 0.12 or 0.13 by luck)
    assert.equal(totals(100n, '12.50').totalInterestCents, 13n);
    // 100.05 × 33.33 % = 33.346665 → 33.35
    assert.equal(totals(10_005n, '33.33').totalInterestCents, 3_335n);
    assert.equal(totals(100_000n, '0.01').totalInterestCents, 10n);
    assert.equal(totals(100_000n, '100').totalAmountCents, 200_000n);
  });

  test('a tiny total over a long term never gives a negative last installment', () => {
    // 5.00 / 104 = 0.048 → 0.05, and 103 × 0.05 = 5.15 > 5.00: the regular installment is rounded down to 0.04.
    const schedule = scheduleOf('5', '0', 730);
    assert.equal(schedule.installmentAmountCents, 4n);
    assert.equal(schedule.installments[102]?.amountCents, 4n);
    assert.equal(schedule.installments[103]?.amountCents, 88n);
  });

  test('refuses terms outside the domain', () => {
    const valid = {
      principalCents: 100_000n,
      interestRate: '10',
      durationDays: 30,
      disbursementDate: '2026-01-01',
    };
    for (const invalid of [
      { principalCents: 0n },
      { principalCents: -5n },
      { interestRate: '100.01' },
      { interestRate: '-1' },
      { interestRate: '1e2' },
      { interestRate: '12,5' },
      { interestRate: '' },
      { durationDays: 0 },
      { durationDays: 7.5 },
      { disbursementDate: '2026-02-30' },
    ]) {
      assert.throws(
        () => buildSchedule({ ...valid, ...invalid }),
        RangeError,
        JSON.stringify(invalid, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      );
    }
  });
});

describe('the application form’s plan is the schedule the server builds', () => {
  // The form reads the amount typed and the product's rate and duration as numbers
  // (shared/src/domain/loan-preview.ts); the server builds the schedule at disbursement from the
  // same figures as the database gives them (numeric strings: '10000.00', '12.50').
  test('for any amount, rate and duration: the same installments, amounts and days after disbursement', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 100_00 }),
        fc.integer({ min: 7, max: 730 }),
        fc.integer({ min: 0, max: 3_650 }).map((days) => addDays('2024-01-01', days)),
        (principalCents, rateBasisPoints, durationDays, disbursementDate) => {
          const stored = (hundredths: number) =>
            `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
          const schedule = scheduleOf(
            stored(principalCents),
            stored(rateBasisPoints),
            durationDays,
            disbursementDate,
          );
          const preview = previewLoanCost({
            amount: principalCents / 100,
            interestRate: rateBasisPoints / 100,
            durationDays,
          });
          assert.ok(preview);
          assert.equal(toCents(preview.total), schedule.totalAmountCents);
          assert.equal(toCents(preview.interest), schedule.totalInterestCents);
          assert.equal(preview.weeks, schedule.installmentCount);
          assert.deepEqual(
            preview.installments.map((i) => ({
              number: i.number,
              dueDate: addDays(disbursementDate, i.daysAfterDisbursement),
              amountCents: toCents(i.amount),
            })),
            schedule.installments,
          );
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
