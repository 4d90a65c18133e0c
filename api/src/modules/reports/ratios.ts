/** The loan report's ratios, pure: portfolio at risk and collection rate (integer cents). */
import { daysBetween } from '../../domain/loan-engine';
import { percentage, type Cents } from '../../domain/money';

export interface OpenLoan {
  outstandingCents: Cents;
  paidCents: Cents;
  installments: { dueDate: string; amountCents: Cents }[];
}

/** Whether some installment not covered by the payments is more than `days` days late today. */
export function isLateBeyond(loan: OpenLoan, today: string, days: number): boolean {
  let cumulative = 0n;
  const ordered = [...loan.installments].sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1));
  for (const installment of ordered) {
    cumulative += installment.amountCents;
    if (cumulative > loan.paidCents && daysBetween(installment.dueDate, today) > days) return true;
  }
  return false;
}

/** PAR-n: outstanding balance of the loans more than n days late ÷ all outstanding × 100 (0 when none). */
export function portfolioAtRisk(loans: OpenLoan[], today: string, days: number): number {
  let total = 0n;
  let atRisk = 0n;
  for (const loan of loans) {
    total += loan.outstandingCents;
    if (isLateBeyond(loan, today, days)) atRisk += loan.outstandingCents;
  }
  return percentage(atRisk, total);
}

/** Collected ÷ due × 100, 2 decimals; 0 when nothing was due. */
export const collectionRate = (collected: Cents, due: Cents): number => percentage(collected, due);
