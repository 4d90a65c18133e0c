/**
 * What a loan on a product would cost and how it would be repaid, computed by the server's own
 * code (domain/loan-terms.ts and domain/cents.ts: integer cents, every rounding half away from
 * zero): interest = principal × rate / 100; total = principal + interest; max(1, floor(days / 7))
 * weekly installments of total / n (the last takes the remainder), due 7, 14, … days after the
 * disbursement and the last on the term's last day. The application form shows it as the amount
 * and the product are chosen; the API's schedule tests check it against the schedule the server
 * builds at disbursement (api/src/domain/loan-engine/schedule.test.ts).
 */
import { toCents } from './cents';
import { computeLoanTotals, installmentPlan } from './loan-terms';

export interface PreviewInstallment {
  /** 1-based. */
  number: number;
  /** Days after the disbursement date it falls due. */
  daysAfterDisbursement: number;
  /** Ksh, to the cent. */
  amount: number;
}

export interface CostPreview {
  principal: number;
  interest: number;
  total: number;
  weeklyInstallment: number;
  weeks: number;
  /** Every installment, in order; the amounts add up to `total` exactly. */
  installments: PreviewInstallment[];
}

export interface PreviewTerms {
  /** Ksh as typed in the form (a number, at most 2 decimals). */
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
    const terms = { principalCents, interestRate: String(interestRate), durationDays };
    const totals = computeLoanTotals(terms);
    return {
      principal: toKsh(principalCents),
      interest: toKsh(totals.totalInterestCents),
      total: toKsh(totals.totalAmountCents),
      weeklyInstallment: toKsh(totals.installmentAmountCents),
      weeks: totals.installmentCount,
      installments: installmentPlan(terms).map(({ number, daysAfterDisbursement, amountCents }) => ({
        number,
        daysAfterDisbursement,
        amount: toKsh(amountCents),
      })),
    };
  } catch {
    // computeLoanTotals refuses what no loan could have (RangeError): no preview yet.
    return null;
  }
}
