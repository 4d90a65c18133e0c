/**
 * The SQL of the report pages (the loan report and the monthly pages): their conditions, one page
 * or every batch of their rows, and the period's figures read from the summary tables the triggers
 * keep (migrations 0013-0018). No rules: the services (report.ts, monthly.ts, pages.ts) decide
 * the period, the scope and what the figures mean.
 */
import {
  aliasedTable,
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  lte,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { SortOrder } from '@lender/shared/contract/common';
import type { MonthlyRepaymentsQuery, ReportLoanSort } from '@lender/shared/contract/reports';
import type { LoanStatus } from '@lender/shared/domain/statuses';
import type { Executor } from '../../db/client';
import {
  customers,
  installmentDueSummary,
  loanDisbursalSummary,
  loans,
  repaymentApprovedSummary,
  repaymentPaidSummary,
  repayments,
  users,
} from '../../db/schema';
import { addDays, DATED_STATUSES } from '../../domain/loan-engine';
import { atRiskBefore, PAR_DAYS, PAR_STATUSES } from '../../domain/portfolio-at-risk';
import { loanWithCustomerColumns, selectLoansWithCustomers, selectRepaymentRows } from '../../db/joined-rows';
import { listBatches, pageOfIds, sortOrderBy, type PageRequest } from '../pagination';

/** Business dates, both ends included. */
export interface DateRange {
  start: string;
  end: string;
}

/** An officer's rows, or (undefined) the whole company's. */
type Officer = number | undefined;

const ofOfficer = (column: AnyColumn, officerId: Officer) =>
  officerId === undefined ? undefined : eq(column, officerId);

/** A date column within the range (both ends included). */
const onDays = (column: AnyColumn, range: DateRange) =>
  sql`${column} between ${range.start}::date and ${range.end}::date`;

/**
 * The instants whose business day in `timeZone` lies in [start, end] (inclusive dates), written
 * as a range on the column itself, `>= start 00:00 local and < (end + 1) 00:00 local`, so that
 * an index on the column serves it; `(column at time zone tz)::date between …` would not.
 */
export const withinBusinessDays = (column: AnyColumn, range: DateRange, timeZone: string): SQL =>
  sql`(${column} >= (${range.start}::date::timestamp at time zone ${timeZone}) and ${column} < ((${range.end}::date + 1)::timestamp at time zone ${timeZone}))`;

/** Has the summaries by business day kept in `timeZone`'s days (migration 0016's function counts them again if it changed). */
export async function useReportTimeZone(ex: Executor, timeZone: string): Promise<void> {
  await ex.execute(sql`select report_use_time_zone(${timeZone})`);
}

/**
 * A report list's order and keyset from its sortable columns: the chosen column (then id) or, without
 * a sort, `defaultKey` oldest first; `keyset` is what listBatches needs besides the conditions and
 * the select.
 */
function sortableList<Key extends string>(
  columns: Record<Key, { column: AnyColumn; type: string }>,
  defaultKey: NoInfer<Key>,
  id: AnyColumn,
) {
  type Sort = { sort?: Key | undefined; order?: SortOrder | undefined };
  const orderBy = (sort: Sort) =>
    sortOrderBy((key) => columns[key].column, sort, id, [asc(columns[defaultKey].column), asc(id)]);
  const keyset = (sort: Sort) => ({
    key: columns[sort.sort ?? defaultKey],
    id,
    descending: sort.sort !== undefined && sort.order === 'desc',
    orderBy: orderBy(sort),
  });
  return { orderBy, keyset };
}

// Loans --------------------------------------------------------------------------------------------

/** The officer's (or every) loan disbursed on a business day of `range`, or ever without one. */
export const loansDisbursedIn = (range: DateRange | null, timeZone: string, officerId: Officer) =>
  and(
    range ? withinBusinessDays(loans.disbursementDate, range, timeZone) : isNotNull(loans.disbursementDate),
    ofOfficer(loans.officerId, officerId),
  );

/**
 * The sortable columns of the report pages' loan lists, and the type a keyset compares their
 * values as (carried as text between batches, so that a timestamp keeps its microseconds).
 */
const LOAN_SORT_COLUMNS = {
  principal: { column: loans.principal, type: 'numeric' },
  total_amount: { column: loans.totalAmount, type: 'numeric' },
  paid_amount: { column: loans.paidAmount, type: 'numeric' },
  remaining_balance: { column: loans.remainingBalance, type: 'numeric' },
  status: { column: loans.status, type: 'text' },
  disbursement_date: { column: loans.disbursementDate, type: 'timestamptz' },
} satisfies Record<ReportLoanSort, { column: AnyColumn; type: string }>;

export interface ReportSort {
  sort?: ReportLoanSort | undefined;
  order?: SortOrder | undefined;
}

/** The loan lists' order: the chosen column (then id) or the oldest disbursement first. */
const LOAN_LIST = sortableList(LOAN_SORT_COLUMNS, 'disbursement_date', loans.id);

/**
 * One page of the loans matching `where` with their customers, in `sort`'s order.
 */
export async function selectLoanPage(
  ex: Executor,
  where: SQL | undefined,
  request: PageRequest,
  sort: ReportSort,
) {
  const orderBy = LOAN_LIST.orderBy(sort);
  const page = pageOfIds(ex, loans, where, orderBy, request);
  return ex
    .select(loanWithCustomerColumns)
    .from(page)
    .innerJoin(loans, eq(loans.id, page.id))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .orderBy(...orderBy);
}

/**
 * Every disbursed loan matching `where` with its customer, in `sort`'s order, EXPORT_BATCH_ROWS at
 * a time: each batch starts after the last row of the one before (keyset on the order's column and
 * the id), so a whole period is read once and one batch is held in memory.
 */
export function selectLoanBatches(ex: Executor, where: SQL | undefined, sort: ReportSort) {
  const list = {
    ...LOAN_LIST.keyset(sort),
    // Every sortable column is set once a loan is disbursed: the keyset's key is never null.
    conditions: [where, isNotNull(loans.disbursementDate)],
    select: (sortKey: SQL<string>) => selectLoansWithCustomers(ex, { sortKey }),
  };
  return listBatches(list, (row) => row.loan.id);
}

// Repayments ---------------------------------------------------------------------------------------

/**
 * The officer's (or every) repayment approved on a business day of `range`. An officer's: a
 * semi-join on their loans, so that the repayments are read by repayments_approved_at_idx and no
 * query joins the whole loans table.
 */
export const repaymentsApprovedIn = (ex: Executor, range: DateRange, timeZone: string, officerId: Officer) =>
  and(
    eq(repayments.status, 'paid'),
    withinBusinessDays(repayments.approvedAt, range, timeZone),
    officerId === undefined
      ? undefined
      : inArray(
          repayments.loanId,
          ex.select({ id: loans.id }).from(loans).where(eq(loans.officerId, officerId)),
        ),
  );

type RepaymentSort = Pick<MonthlyRepaymentsQuery, 'sort' | 'order'>;

/** The sortable columns of the monthly collection, and the type a keyset compares them as. */
const REPAYMENT_SORT_COLUMNS = {
  amount: { column: repayments.amount, type: 'numeric' },
  paid_date: { column: repayments.paidDate, type: 'date' },
  approved_at: { column: repayments.approvedAt, type: 'timestamptz' },
} satisfies Record<NonNullable<RepaymentSort['sort']>, { column: AnyColumn; type: string }>;

/** The chosen column (then id) or the oldest approval first. */
const REPAYMENT_LIST = sortableList(REPAYMENT_SORT_COLUMNS, 'approved_at', repayments.id);

const recorder = aliasedTable(users, 'recorder');

/** A repayment with what its row shows: customer, loan status, who recorded it. */
const repaymentRowColumns = {
  repayment: repayments,
  firstName: customers.firstName,
  lastName: customers.lastName,
  loanStatus: loans.status,
  createdByFirstName: recorder.firstName,
  createdByLastName: recorder.lastName,
};

/** One page of the repayments matching `where`, with their loan's status and the names joined in. */
export async function selectRepaymentPage(
  ex: Executor,
  where: SQL | undefined,
  request: PageRequest,
  sort: RepaymentSort,
) {
  const orderBy = REPAYMENT_LIST.orderBy(sort);
  const page = pageOfIds(ex, repayments, where, orderBy, request);
  return ex
    .select(repaymentRowColumns)
    .from(page)
    .innerJoin(repayments, eq(repayments.id, page.id))
    .innerJoin(loans, eq(loans.id, repayments.loanId))
    .innerJoin(customers, eq(customers.id, repayments.customerId))
    .leftJoin(recorder, eq(recorder.id, repayments.createdBy))
    .orderBy(...orderBy);
}

/** Every repayment matching `where` (approved ones), in `sort`'s order, a keyset batch at a time. */
export function selectRepaymentBatches(ex: Executor, where: SQL | undefined, sort: RepaymentSort) {
  const list = {
    ...REPAYMENT_LIST.keyset(sort),
    // An approved repayment has every sortable column set: the key is never null.
    conditions: [where],
    select: (sortKey: SQL<string>) => selectRepaymentRows(ex, { sortKey }),
  };
  return listBatches(list, (row) => row.repayment.id);
}

// Figures ------------------------------------------------------------------------------------------

/** How many loans were disbursed on the days of `range` and their principal (numeric text). */
export async function sumDisbursed(ex: Executor, range: DateRange, officerId: Officer) {
  const [row] = await ex
    .select({
      count: sql<number>`coalesce(sum(${loanDisbursalSummary.loans}), 0)::int`,
      total: sql<string>`coalesce(sum(${loanDisbursalSummary.principal}), 0)::text`,
    })
    .from(loanDisbursalSummary)
    .where(
      and(onDays(loanDisbursalSummary.day, range), ofOfficer(loanDisbursalSummary.officerId, officerId)),
    );
  return { count: Number(row?.count ?? 0), total: row?.total ?? '0' };
}

/** How many repayments were approved on the days of `range` and their amount (numeric text). */
export async function sumApproved(ex: Executor, range: DateRange, officerId: Officer) {
  const [row] = await ex
    .select({
      count: sql<number>`coalesce(sum(${repaymentApprovedSummary.repayments}), 0)::int`,
      total: sql<string>`coalesce(sum(${repaymentApprovedSummary.amount}), 0)::text`,
    })
    .from(repaymentApprovedSummary)
    .where(
      and(
        onDays(repaymentApprovedSummary.day, range),
        ofOfficer(repaymentApprovedSummary.officerId, officerId),
      ),
    );
  return { count: Number(row?.count ?? 0), total: row?.total ?? '0' };
}

/** The principal disbursed on each day of `range` that has any (numeric text). */
export const sumDisbursedByDay = (ex: Executor, range: DateRange, officerId: Officer) =>
  ex
    .select({
      day: loanDisbursalSummary.day,
      amount: sql<string>`sum(${loanDisbursalSummary.principal})::text`,
    })
    .from(loanDisbursalSummary)
    .where(and(onDays(loanDisbursalSummary.day, range), ofOfficer(loanDisbursalSummary.officerId, officerId)))
    .groupBy(loanDisbursalSummary.day);

/** The approved repayments paid on each day of `range` that has any (numeric text). */
export const sumPaidByDay = (ex: Executor, range: DateRange, officerId: Officer) =>
  ex
    .select({
      day: repaymentPaidSummary.paidDate,
      amount: sql<string>`sum(${repaymentPaidSummary.amount})::text`,
    })
    .from(repaymentPaidSummary)
    .where(
      and(onDays(repaymentPaidSummary.paidDate, range), ofOfficer(repaymentPaidSummary.officerId, officerId)),
    )
    .groupBy(repaymentPaidSummary.paidDate);

/**
 * A summary row's status as of today in SQL, the rule of statusAsOf (loan-engine): a stored status
 * that moves with the date alone is read from the due date and whether anything is paid, so that
 * the counts agree with the rows (and the lists) before the night's ageing pass has stored it.
 */
const statusAsOfSql = (today: string, thresholdDays: number) => sql`case
  when ${loanDisbursalSummary.status} not in (${sql.join(
    DATED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) then ${loanDisbursalSummary.status}
  when ${loanDisbursalSummary.dueDate} < ${addDays(today, -thresholdDays)}::date then 'defaulted'
  when ${loanDisbursalSummary.dueDate} <= ${today}::date then 'overdue'
  when ${loanDisbursalSummary.partlyPaid} then 'partially_paid'
  else 'active' end`;

export interface ReportFiguresInput {
  today: string;
  defaultThresholdDays: number;
  /** The report's period; null for all time. */
  range: DateRange | null;
  officerId: Officer;
}

/**
 * The loan report's figures in one statement over the scope's rows of the loans' summary by
 * disbursement day (migration 0016), a few thousand at 1M loans: the period's loans (how many;
 * principal; counts by status as of today), and the portfolio at risk over all the scope's open
 * disbursed loans (not only the period's) by loans.due_date, the due date of the earliest
 * installment not fully covered, which recomputeLoan keeps current on every write and the ageing
 * pass every night (balances summed by due date, migration 0018); then, as scalar subqueries, the
 * approved repayments paid in the period (and those on loans now repossessed) and the installments
 * that fell due in it (for all time: up to today), from their summaries by day (migration 0014).
 * Sums are numeric text.
 */
export async function selectReportFigures(ex: Executor, input: ReportFiguresInput) {
  const { today, range, officerId } = input;
  const dates = (column: AnyColumn) => (range ? onDays(column, range) : undefined);
  const inPeriod = dates(loanDisbursalSummary.day) ?? sql`true`;
  const countOf = (status: LoanStatus) =>
    sql<number>`coalesce(sum(${loanDisbursalSummary.loans}) filter (where ${inPeriod} and ${loanDisbursalSummary}.status_today = ${status}), 0)::int`;
  /*
   * The scope's summary rows with their status as of today, computed once a row: OFFSET 0 keeps
   * PostgreSQL from flattening the subquery, which would copy the CASE into each of the six counts
   * (on PGlite, which runs queries on the server's own thread, 7.3 -> 3.4 ms at 10k loans). The
   * scope's condition is inside, where the index serves it; the subquery takes the table's name,
   * so the columns read as from the table.
   */
  const scopeSummary = ofOfficer(loanDisbursalSummary.officerId, officerId);
  const summaryToday = sql`(select *, ${statusAsOfSql(today, input.defaultThresholdDays)} as status_today from ${loanDisbursalSummary}
    ${scopeSummary ? sql`where ${scopeSummary}` : sql``} offset 0) as ${loanDisbursalSummary}`;
  const open = inArray(loanDisbursalSummary.status, [...PAR_STATUSES]);
  /** The balance of the open loans more than `days` days late today. */
  const atRisk = (days: number) =>
    sql<string>`coalesce(sum(${loanDisbursalSummary.balance}) filter (where ${open} and ${loanDisbursalSummary.dueDate} < ${atRiskBefore(today, days)}::date), 0)::text`;
  const paidIn = and(
    dates(repaymentPaidSummary.paidDate),
    ofOfficer(repaymentPaidSummary.officerId, officerId),
  );
  const paidSum = (repossessedOnly: boolean) =>
    sql<string>`(select coalesce(sum(${repaymentPaidSummary.amount}), 0) from ${repaymentPaidSummary}
      where ${and(paidIn, repossessedOnly ? sql`${repaymentPaidSummary.repossessed}` : undefined) ?? sql`true`})::text`;
  const dueIn =
    and(
      range ? dates(installmentDueSummary.dueDate) : lte(installmentDueSummary.dueDate, today),
      ofOfficer(installmentDueSummary.officerId, officerId),
    ) ?? sql`true`;
  const [figures] = await ex
    .select({
      count: sql<number>`coalesce(sum(${loanDisbursalSummary.loans}) filter (where ${inPeriod}), 0)::int`,
      disbursed: sql<string>`coalesce(sum(${loanDisbursalSummary.principal}) filter (where ${inPeriod}), 0)::text`,
      active: countOf('active'),
      paid: countOf('paid'),
      overdue: countOf('overdue'),
      partiallyPaid: countOf('partially_paid'),
      defaulted: countOf('defaulted'),
      repossessed: countOf('repossessed'),
      openBalance: sql<string>`coalesce(sum(${loanDisbursalSummary.balance}) filter (where ${open}), 0)::text`,
      par1: atRisk(1),
      par30: atRisk(PAR_DAYS),
      totalPaid: paidSum(false),
      repossessedPaid: paidSum(true),
      due: sql<string>`(select coalesce(sum(${installmentDueSummary.amount}), 0) from ${installmentDueSummary}
          where ${dueIn})::text`,
    })
    .from(summaryToday);
  return figures;
}
