/** A stored loan as the contract's LoanRow, as of today (lists, reports, overview and detail). */
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import type { LoanRow } from '@lender/shared/contract/loans';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import { daysBetween, statusAsOf } from '../../domain/loan-engine';
import type { LoansContext } from './context';
import { loansAsOfToday, type LoanPolicy } from './engine-input';
import { loansWithPendingRepayment, type LoanRecord } from './repository';
import { loanPromise } from './promises';

/** A money column (numeric text) as the contract's number. */
export const money = (value: string) => toMoneyNumber(toCents(value));

export interface LoanRowSource {
  loan: LoanRecord;
  firstName: string;
  lastName: string;
  nationalId: string;
  phone: string;
}

/**
 * The loan row fields from stored columns as of `today`: the day counts from due_date and today,
 * and the status and default date from due_date, paid_amount and the current threshold
 * (statusAsOf: exact whatever day the row was stored, so lists agree with their SQL filters).
 * Without `policy`, the stored status and default date. Callers with rows that may predate
 * today's ageing use toLoanRows, which re-evaluates those.
 */
export function toLoanRow(
  row: LoanRowSource,
  today: string,
  dateOf: (instant: Date) => string,
  policy?: LoanPolicy,
  repaymentPending = false,
): LoanRow {
  const { loan } = row;
  const daysRemaining = loan.dueDate === null ? null : daysBetween(today, loan.dueDate);
  const { status, defaultDate } = !policy
    ? { status: loan.status, defaultDate: loan.defaultDate }
    : statusAsOf(
        {
          status: loan.status,
          dueDate: loan.dueDate,
          paidAmountCents: toCents(loan.paidAmount),
          defaultDate: loan.defaultDate,
        },
        today,
        policy.defaultThresholdDays,
      );
  return {
    id: loan.id,
    account_number: encodeAccountNumber(loan.id),
    customer_id: loan.customerId,
    officer_id: loan.officerId,
    customer_name: `${row.firstName} ${row.lastName}`,
    total_amount: money(loan.totalAmount),
    arrears: money(loan.arrears),
    amount_due: money(loan.amountDue),
    paid_amount: money(loan.paidAmount),
    remaining_balance: money(loan.remainingBalance),
    status,
    due_date: loan.dueDate,
    days_remaining: daysRemaining,
    device_status: loan.deviceStatus,
    device_lock_state: loan.deviceLockState,
    device_alert: loan.deviceAlert,
    principal: money(loan.principal),
    total_interest: money(loan.totalInterest),
    loan_product: loan.productName,
    purpose: loan.purpose,
    national_id: row.nationalId,
    phone: row.phone,
    default_date: defaultDate,
    days_overdue: daysRemaining !== null && daysRemaining < 0 ? -daysRemaining : 0,
    disbursement_date: loan.disbursementDate ? dateOf(loan.disbursementDate) : null,
    repayment_pending: repaymentPending,
    paid_through_date: loan.paidThroughDate,
    lock_date: loan.lockDate,
    ...loanPromise(loan, today),
    model: loan.model,
    imei_number: loan.imei,
    repossessed_on: loan.repossessedAt ? dateOf(loan.repossessedAt) : null,
    repossessed_balance: loan.repossessedBalance === null ? null : money(loan.repossessedBalance),
  };
}

/**
 * A page of loan rows as of today: rows whose ageing day has come and that the night's pass has
 * not reached yet are evaluated now (loansAsOfToday: two set queries for the page, none once the
 * pass is done), so penalty, balance, arrears and device status are today's too.
 */
export async function toLoanRows(ctx: LoansContext, rows: LoanRowSource[]): Promise<LoanRow[]> {
  const today = ctx.today();
  const fresh = await loansAsOfToday(
    ctx.db,
    rows.map((row) => row.loan),
    today,
    ctx.policy,
  );
  const pending = await loansWithPendingRepayment(
    ctx.db,
    rows.map((row) => row.loan.id),
  );
  return rows.map((row, index) =>
    toLoanRow(
      { ...row, loan: fresh[index] ?? row.loan },
      today,
      ctx.dateOf,
      ctx.policy,
      pending.has(row.loan.id),
    ),
  );
}
