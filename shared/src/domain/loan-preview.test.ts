import { previewLoanCost } from './loan-preview';

describe('previewLoanCost', () => {
  it('adds the flat interest and splits the total into weekly installments', () => {
    expect(previewLoanCost({ amount: 10_000, interestRate: 10, durationDays: 30 })).toEqual({
      principal: 10_000,
      interest: 1_000,
      total: 11_000,
      weeklyInstallment: 2_750,
      weeks: 4,
      installments: [
        { number: 1, daysAfterDisbursement: 7, amount: 2_750 },
        { number: 2, daysAfterDisbursement: 14, amount: 2_750 },
        { number: 3, daysAfterDisbursement: 21, amount: 2_750 },
        { number: 4, daysAfterDisbursement: 30, amount: 2_750 },
      ],
    });
  });

  it('counts max(1, floor(duration / 7)) weeks', () => {
    expect(previewLoanCost({ amount: 700, interestRate: 0, durationDays: 6 })?.weeks).toBe(1);
    expect(previewLoanCost({ amount: 700, interestRate: 0, durationDays: 7 })?.weeks).toBe(1);
    expect(previewLoanCost({ amount: 700, interestRate: 0, durationDays: 13 })?.weeks).toBe(1);
    expect(previewLoanCost({ amount: 700, interestRate: 0, durationDays: 14 })?.weeks).toBe(2);
    expect(previewLoanCost({ amount: 700, interestRate: 0, durationDays: 90 })?.weeks).toBe(12);
  });

  it('rounds the interest half away from zero, to the cent, without floating-point error', () => {
    // 1005.00 × 12.5% = 125.625 → 125.63
    expect(previewLoanCost({ amount: 1005, interestRate: 12.5, durationDays: 7 })).toMatchObject({
      interest: 125.63,
      total: 1130.63,
    });
    // 0.10 × 5% = 0.005 → 0.01 (binary floating point would give 0.00)
    expect(previewLoanCost({ amount: 0.1, interestRate: 5, durationDays: 7 })?.interest).toBe(0.01);
    // 333.33 × 12.25% = 40.832925 → 40.83
    expect(previewLoanCost({ amount: 333.33, interestRate: 12.25, durationDays: 7 })?.interest).toBe(40.83);
  });

  it('rounds the weekly installment half away from zero', () => {
    // 1000.00 + 10% = 1100.00 over 3 weeks = 366.666… → 366.67
    expect(previewLoanCost({ amount: 1000, interestRate: 10, durationDays: 21 })?.weeklyInstallment).toBe(
      366.67,
    );
    // 100.05 over 2 weeks = 50.025 → 50.03
    expect(previewLoanCost({ amount: 100.05, interestRate: 0, durationDays: 14 })?.weeklyInstallment).toBe(
      50.03,
    );
  });

  it('lets the last installment take the remainder, so that the installments add up to the total', () => {
    // 1000.00 + 10% = 1100.00 over 3 weeks: 366.67, 366.67 and 366.66, the last due on day 21.
    expect(previewLoanCost({ amount: 1000, interestRate: 10, durationDays: 23 })?.installments).toEqual([
      { number: 1, daysAfterDisbursement: 7, amount: 366.67 },
      { number: 2, daysAfterDisbursement: 14, amount: 366.67 },
      { number: 3, daysAfterDisbursement: 23, amount: 366.66 },
    ]);
  });

  it('rounds a tiny total over a long term down so that no installment is negative', () => {
    // 1.00 over 104 weeks: 0.0096… rounds to 0.01, and 103 × 0.01 > 1.00, so 0.00 instead.
    expect(previewLoanCost({ amount: 1, interestRate: 0, durationDays: 728 })?.weeklyInstallment).toBe(0);
  });

  it('gives nothing while the amount is missing, zero or negative', () => {
    expect(previewLoanCost({ amount: NaN, interestRate: 10, durationDays: 30 })).toBeNull();
    expect(previewLoanCost({ amount: 0, interestRate: 10, durationDays: 30 })).toBeNull();
    expect(previewLoanCost({ amount: -5, interestRate: 10, durationDays: 30 })).toBeNull();
  });
});
