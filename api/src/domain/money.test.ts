import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  divideRounded,
  formatCents,
  percentOf,
  percentage,
  splitIntoInstallments,
  sumCents,
  toCents,
  toMoneyNumber,
} from '@lender/shared/domain/cents';

describe('money', () => {
  test('reads amounts from strings, numbers and numeric columns as exact cents', () => {
    assert.equal(toCents('1234.50'), 123450n);
    assert.equal(toCents(1234.5), 123450n);
    assert.equal(toCents('0.1'), 10n);
    assert.equal(toCents(0.1 + 0.2), 30n);
    assert.equal(toCents('1e3'), 100000n);
    assert.equal(toCents(' 42 '), 4200n);
    assert.equal(toCents('-7.25'), -725n);
    assert.equal(toCents('.5'), 50n);
    assert.equal(toCents(12n), 1200n);
  });

  test('rounds a third decimal half away from zero, including where floats would not', () => {
    assert.equal(toCents('1.005'), 101n);
    assert.equal(toCents(1.005), 101n); // Math.round(1.005 * 100) is 100
    assert.equal(toCents('1.004'), 100n);
    assert.equal(toCents('-1.005'), -101n);
    assert.equal(toCents('2.675'), 268n);
  });

  test('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,000', '1.2.3', '--1', 'Infinity']) {
      assert.throws(() => toCents(bad), RangeError, bad);
    }
    assert.throws(() => toCents(Number.NaN), RangeError);
    assert.throws(() => toCents(Number.POSITIVE_INFINITY), RangeError);
    assert.throws(() => toCents('1e400'), RangeError);
  });

  test('formats cents as a numeric(14,2) string and as an API number', () => {
    assert.equal(formatCents(123450n), '1234.50');
    assert.equal(formatCents(5n), '0.05');
    assert.equal(formatCents(-5n), '-0.05');
    assert.equal(formatCents(0n), '0.00');
    assert.equal(toMoneyNumber(123456n), 1234.56);
  });

  test('divides with half-away-from-zero rounding in every sign combination', () => {
    assert.equal(divideRounded(5n, 2n), 3n);
    assert.equal(divideRounded(-5n, 2n), -3n);
    assert.equal(divideRounded(5n, -2n), -3n);
    assert.equal(divideRounded(7n, 3n), 2n);
    assert.equal(divideRounded(8n, 3n), 3n);
    assert.throws(() => divideRounded(1n, 0n), RangeError);
  });

  test('takes a percentage of an amount to the cent', () => {
    assert.equal(percentOf(toCents('10000'), '12.5'), toCents('1250'));
    assert.equal(percentOf(toCents('333.33'), 10), toCents('33.33'));
    assert.equal(percentOf(toCents('0.05'), 50), 3n); // 2.5 cents rounds up
    assert.equal(percentOf(toCents('1000'), '1e1'), toCents('100'));
    assert.equal(percentOf(toCents('1000'), 0), 0n);
  });

  test('splits a total into installments that add up exactly, the last taking the remainder', () => {
    assert.deepEqual(splitIntoInstallments(toCents('100'), 3), [3333n, 3333n, 3334n]);
    assert.deepEqual(splitIntoInstallments(toCents('11500'), 4), [287500n, 287500n, 287500n, 287500n]);
    assert.deepEqual(splitIntoInstallments(200n, 3), [67n, 67n, 66n]);
    assert.deepEqual(splitIntoInstallments(500n, 1), [500n]);
    assert.throws(() => splitIntoInstallments(500n, 0), RangeError);
  });

  test('installments always sum to the total and differ from the regular amount only in the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 104 }),
        fc.bigInt({ min: 0n, max: 99_999_999_999_999n }),
        (count, extra) => {
          const total = BigInt((count * (count - 1)) / 2) + extra; // large enough that no part is negative
          const parts = splitIntoInstallments(total, count);
          assert.equal(parts.length, count);
          assert.equal(sumCents(parts), total);
          assert.ok(parts.every((part) => part >= 0n));
          assert.ok(parts.slice(0, -1).every((part) => part === parts[0]));
        },
      ),
    );
  });

  test('cents survive a round trip through the numeric string form', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n }), (cents) => {
        assert.equal(toCents(formatCents(cents)), cents);
        assert.equal(toCents(toMoneyNumber(cents)), cents);
      }),
    );
  });

  test('computes a target percentage with 2 decimals, 0 when the target is 0', () => {
    assert.equal(percentage(toCents('50'), toCents('200')), 25);
    assert.equal(percentage(toCents('1'), toCents('3')), 33.33);
    assert.equal(percentage(toCents('2'), toCents('3')), 66.67);
    assert.equal(percentage(toCents('10'), 0n), 0);
  });
});
