/**
 * Which loans each list holds and in what order (shared/src/contract/loan-lists.ts defines the
 * lists; lists-repository.ts pages, counts, filters, searches and exports them alike). The one
 * thing a new list adds on the server: typed by LoanListName, so a list without its SQL does not
 * compile.
 */
import {
  and,
  asc,
  between,
  desc,
  eq,
  inArray,
  isNotNull,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { LoanListName, LoanSort } from '@lender/shared/contract/loan-lists';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customers, loans } from '../../db/schema';
import { addDays, DATED_STATUSES, defaultedSince } from '../../domain/loan-engine';

/**
 * The days the lists' conditions compare with: placeholders in the prepared statements, filled
 * with today's values by listDays.
 */
export const day = {
  today: sql.placeholder('today'),
  tomorrow: sql.placeholder('tomorrow'),
  in2Days: sql.placeholder('in2Days'),
  in7Days: sql.placeholder('in7Days'),
  defaultedSince: sql.placeholder('defaultedSince'),
};

export const listDays = (today: string, thresholdDays: number): Record<keyof typeof day, string> => ({
  today,
  tomorrow: addDays(today, 1),
  in2Days: addDays(today, 2),
  in7Days: addDays(today, 7),
  defaultedSince: defaultedSince(today, thresholdDays),
});

/** The column a list is ordered by (then the id, the same way): the keyset its export walks. */
export interface Keyset {
  column: AnyPgColumn;
  type: 'timestamptz' | 'date';
  descending: boolean;
}

export interface ListSql {
  where: SQL | undefined;
  /** Its own order, when no sort is chosen (the keyset's column, then the id). */
  keyset: Keyset;
  /** The date its from/to filter reads; an instant's range is taken in the lender's time zone. */
  date: { column: AnyPgColumn; instant: boolean };
}

const disbursed = isNotNull(loans.disbursementDate);

/*
 * Statuses as of today. The stored status may predate today (just after midnight, before the
 * ageing pass reaches the loan), so the lists that depend on the date do not filter on it: among
 * the statuses the date moves a loan between (active, partially paid, overdue, defaulted), a loan
 * is defaulted as of today exactly when its due_date (the earliest uncovered installment, which
 * does not move with the date) is more than DEFAULT_THRESHOLD_DAYS before today, and open (being
 * repaid) otherwise. The same rule as the engine's statusAsOf, which toLoanRow applies to each row.
 * Open loans falling due on or after today cannot be defaulted today.
 */
const dated = and(disbursed, inArray(loans.status, [...DATED_STATUSES]));

const byDisbursement: Pick<ListSql, 'keyset' | 'date'> = {
  keyset: { column: loans.disbursementDate, type: 'timestamptz', descending: true },
  date: { column: loans.disbursementDate, instant: true },
};
const byDueDate: Pick<ListSql, 'keyset' | 'date'> = {
  keyset: { column: loans.dueDate, type: 'date', descending: false },
  date: { column: loans.dueDate, instant: false },
};

export const LIST_SQL: Record<LoanListName, ListSql> = {
  active: { where: and(disbursed, sql`${loans.status} <> 'paid'`), ...byDisbursement },
  // The status alone (every paid loan was disbursed): its pages then come from the status-first
  // indexes (loans_status_list_idx, loans_officer_status_list_idx and the sorts'), never from the
  // disbursed loans by date keeping the paid ones, which on a real book walks tens of thousands of
  // recent loans still being repaid before the first paid one (issue 36).
  paid: { where: eq(loans.status, 'paid'), ...byDisbursement },
  defaulted: { where: and(dated, lt(loans.dueDate, day.defaultedSince)), ...byDueDate },
  pendingDisbursement: {
    where: eq(loans.status, 'pending_disbursement'),
    keyset: { column: loans.approvedAt, type: 'timestamptz', descending: true },
    date: { column: loans.approvedAt, instant: true },
  },
  dueToday: { where: and(dated, eq(loans.dueDate, day.today)), ...byDueDate },
  dueTomorrow: { where: and(dated, eq(loans.dueDate, day.tomorrow)), ...byDueDate },
  due2to7: { where: and(dated, between(loans.dueDate, day.in2Days, day.in7Days)), ...byDueDate },
  // The condition of loans_repossessed_list_idx and its officer twin, which serve its order.
  repossessed: {
    where: eq(loans.deviceStatus, 'repossessed'),
    keyset: { column: loans.repossessedAt, type: 'timestamptz', descending: true },
    date: { column: loans.repossessedAt, instant: true },
  },
};

/** A list's own order: its keyset column, then the id, the same way. */
export function listOrder(list: LoanListName): SQL[] {
  const { column, descending } = LIST_SQL[list].keyset;
  return descending ? [desc(column), desc(loans.id)] : [asc(column), asc(loans.id)];
}

/**
 * The expressions each sort orders by (then loans.id); days_overdue is due_date the other way
 * round (lists-repository.ts sortOf). The active list's long sorts are read in order from their
 * indexes (db/schema.ts loans_active_*_sort_idx); the customer's name from customers_name_idx,
 * each customer's loans then found by loans_customer_idx.
 */
export const SORT_COLUMNS: Record<Exclude<LoanSort, 'days_overdue'>, SQLWrapper | readonly SQLWrapper[]> = {
  customer_name: [sql`lower(${customers.firstName})`, sql`lower(${customers.lastName})`],
  principal: loans.principal,
  total_amount: loans.totalAmount,
  remaining_balance: loans.remainingBalance,
  status: loans.status,
  due_date: loans.dueDate,
  disbursement_date: loans.disbursementDate,
  repossessed_on: loans.repossessedAt,
  repossessed_balance: loans.repossessedBalance,
};
