import { percentOf, splitIntoInstallments, type Cents } from './cents';

/** A percentage as the database returns numeric(5,2): '12.50', '12.5', '0', '100'. */
const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d+))?$/;

/**
 * Checks a percentage given as a plain decimal string between 0 and 100, so that it can be used
 * exactly (money.ts's percentOf reads it without floating point). Throws RangeError otherwise.
 */
export function assertPercent(value: string, what: string): void {
  const match = PERCENT_PATTERN.exec(value);
  const whole = Number(match?.[1] ?? NaN);
  const fraction = match?.[2] ?? '';
  if (!match || whole > 100 || (whole === 100 && /[1-9]/.test(fraction))) {
    throw new RangeError(`${what} must be a decimal string from 0 to 100 (got "${value}")`);
  }
}

/** The terms a loan copies from its product at approval (docs/product.md#loan-product-rules to #loans-and-the-schedule). */
export interface LoanTerms {
  /** The disbursed amount, > 0. */
  principalCents: Cents;
  /** Flat percentage of the principal for the whole term, as a decimal string from 0 to 100 ('12.5'). */
  interestRate: string;
  /** Term in days: a whole number ≥ 1 (products allow 7 to 730). */
  durationDays: number;
}

/** The amounts of a loan, known from its terms alone (before disbursement too). */
export interface LoanTotals {
  /** principal × interest_rate / 100, rounded half away from zero to the cent. */
  totalInterestCents: Cents;
  /** principal + total_interest. */
  totalAmountCents: Cents;
  /** max(1, floor(duration_days / 7)). */
  installmentCount: number;
  /** Every installment but the last (the last takes the remainder). */
  installmentAmountCents: Cents;
}

export function assertTerms({ principalCents, interestRate, durationDays }: LoanTerms): void {
  if (principalCents <= 0n)
    throw new RangeError(`The principal must be more than 0 (got ${principalCents} cents)`);
  assertPercent(interestRate, 'The interest rate');
  if (!Number.isSafeInteger(durationDays) || durationDays < 1) {
    throw new RangeError(`The duration must be a whole number of days ≥ 1 (got ${durationDays})`);
  }
}

export function installmentCountFor(durationDays: number): number {
  return Math.max(1, Math.floor(durationDays / 7));
}

/**
 * total / count rounded half away from zero for every installment but the last, which takes the
 * remainder (money.ts's splitIntoInstallments). Rounding up n − 1 times can overshoot a tiny total
 * (1.00 over 104 weeks: 103 × 0.01 > 1.00 would leave −0.03 for the last); only then the regular
 * installment is rounded down instead, so that no installment is ever negative.
 */
export function splitTotal(totalCents: Cents, count: number): Cents[] {
  const parts = splitIntoInstallments(totalCents, count);
  const last = parts[parts.length - 1] ?? 0n;
  if (last >= 0n) return parts;
  const regular = totalCents / BigInt(count); // bigint division truncates: rounds down for a total ≥ 0
  return [...Array.from({ length: count - 1 }, () => regular), totalCents - regular * BigInt(count - 1)];
}

/** Interest, total and installment amount of a loan (docs/product.md#loans-and-the-schedule). Throws RangeError on invalid terms. */
export function computeLoanTotals(terms: LoanTerms): LoanTotals {
  assertTerms(terms);
  const totalInterestCents = percentOf(terms.principalCents, terms.interestRate);
  const totalAmountCents = terms.principalCents + totalInterestCents;
  const installmentCount = installmentCountFor(terms.durationDays);
  const [installmentAmountCents = totalAmountCents] = splitTotal(totalAmountCents, installmentCount);
  return { totalInterestCents, totalAmountCents, installmentCount, installmentAmountCents };
}

/** One installment of a loan's plan, before there is a disbursement date. */
export interface PlannedInstallment {
  /** 1-based. */
  number: number;
  /** When it falls due, in days after the disbursement date: 7·k, the last one duration_days. */
  daysAfterDisbursement: number;
  amountCents: Cents;
}

/**
 * The installments a loan on these terms will have (docs/product.md#loans-and-the-schedule): what
 * the server's schedule at disbursement is made of (api loan-engine buildSchedule adds the dates)
 * and what the application form shows as the plan. Throws RangeError on invalid terms.
 */
export function installmentPlan(terms: LoanTerms): PlannedInstallment[] {
  const { totalAmountCents, installmentCount } = computeLoanTotals(terms);
  return splitTotal(totalAmountCents, installmentCount).map((amountCents, index) => {
    const number = index + 1;
    return {
      number,
      daysAfterDisbursement: number < installmentCount ? 7 * number : terms.durationDays,
      amountCents,
    };
  });
}
