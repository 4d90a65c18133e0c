/**
 * Which repayments each list holds and in what order (shared/src/contract/repayment-lists.ts
 * defines the lists; repository.ts pages, counts, filters, searches and exports them alike). The
 * one thing a new list adds on the server: typed by RepaymentListName, so a list without its SQL
 * does not compile.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RepaymentListName } from '@lender/shared/contract/repayment-lists';
import { repayments } from '../../db/schema';

/** A column an export's keyset walks, with the type its key is cast to. */
export interface KeyColumn {
  column: AnyPgColumn;
  type: string;
}

export interface RepaymentListSql {
  /** Its rows (undefined: every repayment); with it, an index serves each sort (schema.ts repayments_status_*). */
  where: SQL | undefined;
  /** Its own order, newest first, when no sort is chosen (then the id, the same way). */
  key: KeyColumn;
}

const recorded: KeyColumn = { column: repayments.createdAt, type: 'timestamptz' };

export const LIST_SQL: Record<RepaymentListName, RepaymentListSql> = {
  pending: { where: eq(repayments.status, 'pending'), key: recorded },
  approved: {
    where: eq(repayments.status, 'paid'),
    key: { column: repayments.approvedAt, type: 'timestamptz' },
  },
  all: { where: undefined, key: recorded },
};
