/**
 * The rules of a paybill payment (issue 13) that need neither the database nor Fastify: reading
 * M-Pesa's TransTime in the lender's zone, and splitting an amount between what a loan owes and
 * what waits in suspense.
 */
import { instantOfWallTime, zoneOffsetMs } from './clock';
import { isBusinessDate, type BusinessDate } from './loan-engine/calendar-date';
import { payerName, transTimeFields } from '@lender/shared/contract/mpesa';
import type { Cents } from '@lender/shared/domain/cents';

export interface TransTime {
  /** The business day M-Pesa wrote: the lender's date, whatever the server's zone. */
  date: BusinessDate;
  instant: Date;
}

/**
 * M-Pesa's TransTime (yyyyMMddHHmmss, wall time in the lender's zone) → its business day and
 * instant; null when it is no real date and time (20261399…).
 */
export function readTransTime(value: string, timeZone: string): TransTime | null {
  const fields = transTimeFields(value);
  if (!fields) return null;
  const { year, month, day, hour, minute, second } = fields;
  const date = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  if (!isBusinessDate(date) || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return { date, instant: new Date(instantOfWallTime(wall, timeZone)) };
}

/** A Date as M-Pesa writes TransTime, in `timeZone` (the simulator's and the tests' direction). */
export function formatTransTime(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return shifted.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** What of a payment goes on a loan (up to what it owes) and what is left for suspense. */
export function splitPayment(amount: Cents, owed: Cents): { applied: Cents; remainder: Cents } {
  const applied = owed <= 0n ? 0n : amount < owed ? amount : owed;
  return { applied, remainder: amount - applied };
}

/** The payer's name as M-Pesa gives it, in one line: the contract's reading of the callback. */
export const payerNameOf = payerName;
