/**
 * What a loan on a product would cost, computed by the server's own code (the contract's
 * domain/loan-terms.ts and domain/cents.ts: integer cents, every rounding half away from zero):
 * interest = principal × rate / 100; total = principal + interest; max(1, floor(days / 7)) weekly
 * installments of total / n (the last takes the remainder).
 */
import { toCents } from '@lender/shared/domain/cents';
import { computeLoanTotals } from '@lender/shared/domain/loan-terms';

export interface CostPreview {
  principal: number;
  interest: number;
  total: number;
  weeklyInstallment: number;
  weeks: number;
}

export interface PreviewTerms {
  amount: number;
  /** Flat percentage of the principal for the whole term (0 to 100, at most 2 decimals). */
  interestRate: number;
  durationDays: number;
}

const toKsh = (cents: bigint) => Number(cents) / 100;

/** The preview, or null while the amount is missing or not above 0, or the terms make no sense. */
export function previewLoanCost({ amount, interestRate, durationDays }: PreviewTerms): CostPreview | null {
  if (!Number.isFinite(amount) || !Number.isFinite(interestRate)) return null;
  try {
    const principalCents = toCents(amount);
    // Products keep the rate with at most 2 decimals: String() gives them exactly ('12.5').
    const totals = computeLoanTotals({ principalCents, interestRate: String(interestRate), durationDays });
    return {
      principal: toKsh(principalCents),
      interest: toKsh(totals.totalInterestCents),
      total: toKsh(totals.totalAmountCents),
      weeklyInstallment: toKsh(totals.installmentAmountCents),
      weeks: totals.installmentCount,
    };
  } catch {
    // computeLoanTotals refuses what no loan could have (RangeError): no preview yet.
    return null;
  }
}
