/** The loan report's ratios, pure: portfolio at risk and collection rate (integer cents). */
import { percentage, type Cents } from '@lender/shared/domain/cents';

/**
 * PAR-n: the remaining balance of the open loans more than n days late ÷ the remaining balance of
 * all open loans × 100, 2 decimals; 0 when nothing is open. (report.ts sums both in SQL.)
 */
export const portfolioAtRisk = (atRisk: Cents, outstanding: Cents): number => percentage(atRisk, outstanding);

/** Collected ÷ due × 100, 2 decimals; 0 when nothing was due. */
export const collectionRate = (collected: Cents, due: Cents): number => percentage(collected, due);
