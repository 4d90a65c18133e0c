import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { preparedStatement, type Database, type Executor } from '../../db/client';
import { anyRow, findById, insertRow, updateByIdIf } from '../../db/rows';
import { auditLog, loanInstallments, loanNotes, loans, repayments, users } from '../../db/schema';
import { selectLoansWithCustomers } from '../../db/joined-rows';

export type LoanRecord = typeof loans.$inferSelect;
export type InstallmentRecord = typeof loanInstallments.$inferSelect;
export type RepaymentRecord = typeof repayments.$inferSelect;
export type NewRepaymentRecord = typeof repayments.$inferInsert;

/** A loan; `forUpdate` locks its row until the transaction ends (writers serialise on it). */
export const findLoan = (ex: Executor, id: number, options: { forUpdate?: boolean } = {}) =>
  findById(ex, loans, id, options);

// The loan-with-customer projection is shared SQL (db/joined-rows.ts); the lists read it from here.
export { selectLoansWithCustomers };

/** The engine's inputs of the selected loan, as a JSON array of their rows (findLoanDetail). */
const installmentsOfLoan = sql<InstallmentRecord[]>`(select coalesce(json_agg(json_build_object(
    'loanId', ${loanInstallments.loanId}, 'number', ${loanInstallments.number},
    'dueDate', ${loanInstallments.dueDate}, 'amount', ${loanInstallments.amount}::text)
    order by ${loanInstallments.number}), '[]')
  from ${loanInstallments} where ${loanInstallments.loanId} = ${loans.id})`;
const approvedRepaymentsOfLoan = sql<
  { amount: string; paidDate: string }[]
>`(select coalesce(json_agg(json_build_object(
    'amount', ${repayments.amount}::text, 'paidDate', ${repayments.paidDate})
    order by ${repayments.paidDate}, ${repayments.id}), '[]')
  from ${repayments} where ${repayments.loanId} = ${loans.id} and ${repayments.status} = 'paid')`;

/** What the selected loan's repayments awaiting approval add up to, as numeric text (repayments_loan_idx). */
const pendingAmountOfLoan = sql<string>`(select coalesce(sum(${repayments.amount}), 0)::text
  from ${repayments} where ${repayments.loanId} = ${loans.id} and ${repayments.status} = 'pending')`;

/**
 * A loan with its customer's name, national ID and phone, its installments in order and its
 * approved repayments (what the engine counts, as listInstallments and listApprovedRepayments read
 * them: amounts as their numeric text, days as YYYY-MM-DD): the detail page in one prepared
 * statement, one round trip instead of three.
 */
export async function findLoanDetail(db: Database, id: number) {
  const [row] = await preparedStatement(db, 'loan_detail', (name) =>
    selectLoansWithCustomers(db, {
      installments: installmentsOfLoan,
      approvedRepayments: approvedRepaymentsOfLoan,
      pendingAmount: pendingAmountOfLoan,
    })
      .where(eq(loans.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  return row;
}

export async function listInstallments(ex: Executor, loanId: number): Promise<InstallmentRecord[]> {
  return ex
    .select()
    .from(loanInstallments)
    .where(eq(loanInstallments.loanId, loanId))
    .orderBy(asc(loanInstallments.number));
}

export async function insertInstallments(ex: Executor, rows: InstallmentRecord[]): Promise<void> {
  if (rows.length > 0) await ex.insert(loanInstallments).values(rows);
}

/** The approved repayments of a loan (status 'paid'): what the engine counts. */
export async function listApprovedRepayments(ex: Executor, loanId: number) {
  return ex
    .select({ amount: repayments.amount, paidDate: repayments.paidDate })
    .from(repayments)
    .where(and(eq(repayments.loanId, loanId), eq(repayments.status, 'paid')))
    .orderBy(asc(repayments.paidDate), asc(repayments.id));
}

/** The approved repayments of several loans (repayments_loan_idx), each loan's in the engine's order. */
export async function listApprovedRepaymentsOf(ex: Executor, loanIds: number[]) {
  if (loanIds.length === 0) return [];
  return ex
    .select({ loanId: repayments.loanId, amount: repayments.amount, paidDate: repayments.paidDate })
    .from(repayments)
    .where(and(inArray(repayments.loanId, loanIds), eq(repayments.status, 'paid')))
    .orderBy(asc(repayments.loanId), asc(repayments.paidDate), asc(repayments.id));
}

/** The installments of several loans, each loan's in order. */
export async function listInstallmentsOf(ex: Executor, loanIds: number[]): Promise<InstallmentRecord[]> {
  if (loanIds.length === 0) return [];
  return ex
    .select()
    .from(loanInstallments)
    .where(inArray(loanInstallments.loanId, loanIds))
    .orderBy(asc(loanInstallments.loanId), asc(loanInstallments.number));
}

export async function hasPendingRepayment(ex: Executor, loanId: number): Promise<boolean> {
  return anyRow(ex, repayments, and(eq(repayments.loanId, loanId), eq(repayments.status, 'pending')));
}

/** Of `loanIds` (one page), those with a repayment awaiting approval: one query on repayments_loan_idx. */
export async function loansWithPendingRepayment(ex: Executor, loanIds: number[]): Promise<Set<number>> {
  if (loanIds.length === 0) return new Set();
  const rows = await ex
    .selectDistinct({ loanId: repayments.loanId })
    .from(repayments)
    .where(and(inArray(repayments.loanId, loanIds), eq(repayments.status, 'pending')));
  return new Set(rows.map((row) => row.loanId));
}

/** Whether any repayment of the loan is recorded, pending or approved (repayments_loan_idx). */
export async function hasAnyRepayment(ex: Executor, loanId: number): Promise<boolean> {
  return anyRow(ex, repayments, eq(repayments.loanId, loanId));
}

/** Every repayment of a loan, oldest first. */
export async function listLoanRepayments(ex: Executor, loanId: number): Promise<RepaymentRecord[]> {
  return ex
    .select()
    .from(repayments)
    .where(eq(repayments.loanId, loanId))
    .orderBy(asc(repayments.paidDate), asc(repayments.id));
}

export const insertRepayment = (ex: Executor, row: NewRepaymentRecord): Promise<RepaymentRecord> =>
  insertRow(ex, repayments, row);

/**
 * Updates a loan only while `guard` still holds (e.g. status = 'pending_disbursement'): of two
 * concurrent writers, the second updates nothing. Returns the updated row, if any.
 */
export const updateLoanIf = (
  ex: Executor,
  id: number,
  guard: SQL | undefined,
  values: Partial<typeof loans.$inferInsert>,
): Promise<LoanRecord | undefined> => updateByIdIf(ex, loans, id, guard, values);

// Notes ------------------------------------------------------------------------------------------

const userName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** A note as its lists show it, with its author's name. */
const noteColumns = {
  id: loanNotes.id,
  loanId: loanNotes.loanId,
  note: loanNotes.note,
  noteDate: loanNotes.noteDate,
  type: loanNotes.type,
  promiseDate: loanNotes.promiseDate,
  promiseAmount: loanNotes.promiseAmount,
  createdBy: loanNotes.createdBy,
  createdByName: userName,
  createdAt: loanNotes.createdAt,
};

/** A loan's notes, newest first. */
export async function listNotes(ex: Executor, loanId: number) {
  return ex
    .select(noteColumns)
    .from(loanNotes)
    .innerJoin(users, eq(users.id, loanNotes.createdBy))
    .where(eq(loanNotes.loanId, loanId))
    .orderBy(desc(loanNotes.noteDate), desc(loanNotes.id));
}

/** The newest notes on a customer's loans (loans_customer_idx, then loan_notes_loan_idx). */
export async function listCustomerNotes(ex: Executor, customerId: number, limit: number) {
  return ex
    .select(noteColumns)
    .from(loanNotes)
    .innerJoin(loans, eq(loans.id, loanNotes.loanId))
    .innerJoin(users, eq(users.id, loanNotes.createdBy))
    .where(eq(loans.customerId, customerId))
    .orderBy(desc(loanNotes.noteDate), desc(loanNotes.id))
    .limit(limit);
}

export const insertNote = (ex: Executor, row: typeof loanNotes.$inferInsert) => insertRow(ex, loanNotes, row);

// History ----------------------------------------------------------------------------------------

/** The loan's audit trail, newest first, with the actors' names (null for the system). */
export async function listLoanHistory(ex: Executor, loanId: number) {
  return ex
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: sql<string | null>`case when ${users.id} is null then null else ${userName} end`,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.loanId, loanId))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

// The ageing pass (ageing.ts) -------------------------------------------------------------------

/** Where a pass has got to in (next_ageing_on, id) order. */
export interface AgeingCursor {
  on: string;
  id: number;
}

/**
 * The next `limit` disbursed, unpaid loans whose ageing day has come, after `cursor`, locked FOR
 * UPDATE SKIP LOCKED (a loan a request is writing is skipped; its writer stores today's figures).
 * Served by the partial index on (next_ageing_on, id).
 */
export async function lockLoansDueForAgeing(
  ex: Executor,
  today: string,
  cursor: AgeingCursor | undefined,
  limit: number,
): Promise<LoanRecord[]> {
  return ex
    .select()
    .from(loans)
    .where(
      and(
        isNotNull(loans.disbursementDate),
        ne(loans.status, 'paid'),
        lte(loans.nextAgeingOn, today),
        cursor ? sql`(${loans.nextAgeingOn}, ${loans.id}) > (${cursor.on}::date, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(asc(loans.nextAgeingOn), asc(loans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The columns the ageing pass stores (engine-input.ts derivedColumns), with their SQL types. */
const AGED_COLUMNS = [
  ['paidAmount', 'paid_amount', 'numeric'],
  ['penalty', 'penalty', 'numeric'],
  ['remainingBalance', 'remaining_balance', 'numeric'],
  ['arrears', 'arrears', 'numeric'],
  ['amountDue', 'amount_due', 'numeric'],
  ['status', 'status', 'text'],
  ['dueDate', 'due_date', 'date'],
  ['completedDate', 'completed_date', 'date'],
  ['defaultDate', 'default_date', 'date'],
  ['expectedCompletionDate', 'expected_completion_date', 'date'],
  ['paidThroughDate', 'paid_through_date', 'date'],
  ['lockDate', 'lock_date', 'date'],
  ['deviceStatus', 'device_status', 'text'],
  ['nextAgeingOn', 'next_ageing_on', 'date'],
] as const satisfies readonly (readonly [keyof LoanRecord, string, string])[];

export type AgedColumns = Pick<LoanRecord, (typeof AGED_COLUMNS)[number][0]>;

/** The changed rows of a batch in one statement: UPDATE loans SET … FROM (VALUES …) v WHERE id = v.id. */
export async function updateAgedColumns(
  ex: Executor,
  rows: { id: number; next: AgedColumns }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    ({ id, next }) =>
      sql`(${id}::integer, ${sql.join(
        AGED_COLUMNS.map(([key, , type]) => sql`${next[key]}::${sql.raw(type)}`),
        sql`, `,
      )})`,
  );
  const names = AGED_COLUMNS.map(([, column]) => column);
  await ex.execute(sql`update ${loans} set ${sql.raw(names.map((c) => `${c} = v.${c}`).join(', '))}
    from (values ${sql.join(values, sql`, `)}) as v(id, ${sql.raw(names.join(', '))})
    where ${loans.id} = v.id`);
}

/** The approved repayments of a loan paid from `from` through `to`, summed as numeric text (repayments_loan_idx). */
export async function sumApprovedPaidBetween(
  ex: Executor,
  loanId: number,
  from: string,
  to: string,
): Promise<string> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${repayments.amount}), 0)::text` })
    .from(repayments)
    .where(
      and(
        eq(repayments.loanId, loanId),
        eq(repayments.status, 'paid'),
        sql`${repayments.paidDate} between ${from} and ${to}`,
      ),
    );
  return row?.total ?? '0';
}
