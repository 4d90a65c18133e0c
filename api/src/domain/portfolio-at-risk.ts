/**
 * Portfolio at risk (docs/product.md): the balance of the open disbursed loans that are late by
 * more than a number of days. The loan report's PAR1 and PAR30 and the dashboard's daily PAR30
 * snapshots count the same loans with the same cutoff, from here.
 */
import { addDays, DATED_STATUSES } from './loan-engine';

/** The loans PAR is computed over: disbursed and open (not paid, and not repossessed). */
export const PAR_STATUSES = DATED_STATUSES;

/** More than this many days late is "at risk" in PAR30. */
export const PAR_DAYS = 30;

/**
 * A loan is more than `days` days late today when its earliest uncovered installment fell due
 * before the day this returns (1 day late is not more than 1).
 */
export const atRiskBefore = (today: string, days: number): string => addDays(today, -days);
