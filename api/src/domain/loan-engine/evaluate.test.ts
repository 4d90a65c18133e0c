import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loanDetailSchema } from '@lender/shared/contract/loans';
import { businessDate } from '../clock';
import { toCents } from '@lender/shared/domain/cents';
import { DEFAULT_LENDER_TZ } from './calendar-date';
import { toLoanFigures } from './contract-figures';
import { evaluateLoan, type ApprovedRepayment, type LoanEvaluationInput } from './evaluate';
import { validateRepaymentAmount } from './repayment';
import { buildSchedule } from './schedule';

// 10,000.00 at 10 % over 30 days, disbursed on 2026-03-03: 4 × 2,750.00 due 03-10, 03-17, 03-24, 04-02.
const terms = { principalCents: toCents('10000'), interestRate: '10', durationDays: 30 };
const schedule = buildSchedule({ ...terms, disbursementDate: '2026-03-03' });

function evaluate(
  today: string,
  approvedRepayments: ApprovedRepayment[] = [],
  overrides: Partial<LoanEvaluationInput> = {},
) {
  return evaluateLoan({
    terms,
    schedule,
    disbursed: true,
    approvedRepayments,
    repossessed: false,
    today,
    ...overrides,
  });
}
const paid = (amount: string, paidDate: string): ApprovedRepayment => ({
  amountCents: toCents(amount),
  paidDate,
});

describe('loan status table (first match wins), as of a fixed today', () => {
  test('pending_disbursement: approved, not disbursed; no schedule, nothing due', () => {
    const evaluation = evaluate('2026-03-20', [], { disbursed: false, schedule: null });
    assert.equal(evaluation.status, 'pending_disbursement');
    assert.equal(evaluation.totalAmountCents, toCents('11000'));
    assert.equal(evaluation.installmentAmountCents, toCents('2750'));
    assert.equal(evaluation.remainingBalanceCents, toCents('11000'));
    assert.equal(evaluation.arrearsCents, 0n);
    assert.equal(evaluation.dueDate, null);
    assert.equal(evaluation.daysRemaining, null);
    assert.equal(evaluation.daysOverdue, 0);
    assert.equal(evaluation.expectedCompletionDate, null);
    assert.deepEqual(evaluation.installments, []);
  });

  test('active: disbursed, nothing paid, nothing due yet', () => {
    const evaluation = evaluate('2026-03-05');
    assert.equal(evaluation.status, 'active');
    assert.equal(evaluation.dueDate, '2026-03-10');
    assert.equal(evaluation.daysRemaining, 5);
    assert.equal(evaluation.daysOverdue, 0);
    assert.equal(evaluation.arrearsCents, 0n);
    assert.equal(evaluation.remainingBalanceCents, toCents('11000'));
  });

  test('partially_paid: something paid, nothing in arrears', () => {
    const evaluation = evaluate('2026-03-06', [paid('1000', '2026-03-05')]);
    assert.equal(evaluation.status, 'partially_paid');
    assert.equal(evaluation.paidAmountCents, toCents('1000'));
    assert.equal(evaluation.remainingBalanceCents, toCents('10000'));
    assert.equal(evaluation.dueDate, '2026-03-10');
    assert.deepEqual(evaluation.installments[0], {
      number: 1,
      dueDate: '2026-03-10',
      amountCents: toCents('2750'),
      paidCents: toCents('1000'),
      remainingCents: toCents('1750'),
      lateFeeCents: 0n,
      state: 'due',
    });
  });

  test('overdue on the due date itself: an installment due today is in arrears, though 0 days overdue', () => {
    const evaluation = evaluate('2026-03-10', [paid('1000', '2026-03-05')]);
    assert.equal(evaluation.status, 'overdue');
    assert.equal(evaluation.arrearsCents, toCents('1750'));
    assert.equal(evaluation.daysRemaining, 0);
    assert.equal(evaluation.daysOverdue, 0);
  });

  test('overdue past the due date: arrears and days overdue, before partially_paid', () => {
    const evaluation = evaluate('2026-03-12', [paid('1000', '2026-03-05')]);
    assert.equal(evaluation.status, 'overdue');
    assert.equal(evaluation.arrearsCents, toCents('1750'));
    assert.equal(evaluation.dueDate, '2026-03-10');
    assert.equal(evaluation.daysRemaining, -2);
    assert.equal(evaluation.daysOverdue, 2);
    assert.equal(evaluation.defaultDate, null);
  });

  test('arrears count every installment due on or before today, less what covered them', () => {
    const evaluation = evaluate('2026-03-17', [paid('1000', '2026-03-05')]);
    assert.equal(evaluation.arrearsCents, toCents('4500')); // 2 × 2,750.00 − 1,000.00
    assert.equal(evaluation.daysOverdue, 7);
  });

  test('defaulted: the day after 30 days overdue, with default_date = earliest uncovered due date + 31', () => {
    const lastOverdueDay = evaluate('2026-04-09');
    assert.equal(lastOverdueDay.daysOverdue, 30);
    assert.equal(lastOverdueDay.status, 'overdue');
    assert.equal(lastOverdueDay.defaultDate, null);

    const evaluation = evaluate('2026-04-10');
    assert.equal(evaluation.status, 'defaulted');
    assert.equal(evaluation.daysOverdue, 31);
    assert.equal(evaluation.defaultDate, '2026-04-10');
    assert.equal(evaluation.arrearsCents, toCents('11000'));
    assert.equal(evaluation.dueDate, '2026-03-10');

    const later = evaluate('2026-05-01');
    assert.equal(later.status, 'defaulted');
    assert.equal(later.daysOverdue, 52);
    assert.equal(later.defaultDate, '2026-04-10');
  });

  test('defaulted depends on the threshold, and paying the oldest installment moves the due date on', () => {
    assert.equal(evaluate('2026-03-20', [], { defaultThresholdDays: 7 }).status, 'defaulted');
    assert.equal(evaluate('2026-03-20', [], { defaultThresholdDays: 7 }).defaultDate, '2026-03-18');
    const cured = evaluate('2026-04-10', [paid('2750', '2026-04-10')]);
    assert.equal(cured.dueDate, '2026-03-17');
    assert.equal(cured.daysOverdue, 24);
    assert.equal(cured.status, 'overdue');
  });

  test('paid: the balance reached 0 on the paid date of the last repayment, whatever the input order', () => {
    const repayments = [paid('6000', '2026-03-20'), paid('5000', '2026-03-09')];
    const evaluation = evaluate('2026-06-01', repayments);
    assert.equal(evaluation.status, 'paid');
    assert.equal(evaluation.completedDate, '2026-03-20');
    assert.equal(evaluation.remainingBalanceCents, 0n);
    assert.equal(evaluation.arrearsCents, 0n);
    assert.equal(evaluation.dueDate, null);
    assert.equal(evaluation.daysRemaining, null);
    assert.equal(evaluation.daysOverdue, 0);
    assert.equal(evaluation.defaultDate, null);
    assert.ok(evaluation.installments.every((i) => i.remainingCents === 0n));
  });

  test('paid wins over repossessed and defaulted', () => {
    const evaluation = evaluate('2026-06-01', [paid('11000', '2026-05-30')], { repossessed: true });
    assert.equal(evaluation.status, 'paid');
    assert.equal(evaluation.completedDate, '2026-05-30');
  });

  test('repossessed: wins over defaulted; later repayments are still accepted and counted', () => {
    const evaluation = evaluate('2026-04-20', [paid('2000', '2026-03-09')], { repossessed: true });
    assert.equal(evaluation.status, 'repossessed');
    assert.equal(evaluation.daysOverdue, 41);
    assert.equal(evaluation.defaultDate, null);
    assert.deepEqual(validateRepaymentAmount(evaluation, toCents('3000')), { ok: true });

    const after = evaluate('2026-04-21', [paid('2000', '2026-03-09'), paid('3000', '2026-04-21')], {
      repossessed: true,
    });
    assert.equal(after.status, 'repossessed');
    assert.equal(after.paidAmountCents, toCents('5000'));
    assert.equal(after.remainingBalanceCents, toCents('6000'));
  });
});

describe('late fee (penalty)', () => {
  const tenPercent = { penaltyRule: { lateFeePercent: '10' } };

  test('no penalty by default, whatever the delay', () => {
    const evaluation = evaluate('2026-06-01');
    assert.equal(evaluation.penaltyCents, 0n);
    assert.equal(evaluation.remainingBalanceCents, toCents('11000'));
  });

  test('charged the day after the due date, not on it', () => {
    assert.equal(evaluate('2026-03-10', [], tenPercent).penaltyCents, 0n);
    const dayAfter = evaluate('2026-03-11', [], tenPercent);
    assert.equal(dayAfter.penaltyCents, toCents('275'));
    assert.equal(dayAfter.remainingBalanceCents, toCents('11275'));
    assert.equal(dayAfter.arrearsCents, toCents('2750')); // the penalty is owed but is not arrears
  });

  test('charged once per overdue installment, never again as days pass', () => {
    assert.equal(evaluate('2026-03-18', [], tenPercent).penaltyCents, toCents('550'));
    assert.equal(evaluate('2026-04-03', [], tenPercent).penaltyCents, toCents('1100'));
    assert.equal(evaluate('2027-01-01', [], tenPercent).penaltyCents, toCents('1100'));
  });

  test('an installment covered on its due date is never charged', () => {
    const evaluation = evaluate('2026-03-15', [paid('2750', '2026-03-10')], tenPercent);
    assert.equal(evaluation.penaltyCents, 0n);
    assert.equal(evaluation.status, 'partially_paid');
  });

  test('a late fee is a percentage of the whole installment, even when partly paid', () => {
    const evaluation = evaluate('2026-03-11', [paid('2000', '2026-03-09')], tenPercent);
    assert.equal(evaluation.penaltyCents, toCents('275'));
  });

  test('payments cover the penalty first, then the installments in order', () => {
    const evaluation = evaluate('2026-03-12', [paid('2750', '2026-03-11')], tenPercent);
    assert.equal(evaluation.penaltyCents, toCents('275'));
    assert.equal(evaluation.penaltyPaidCents, toCents('275'));
    assert.equal(evaluation.installments[0]?.paidCents, toCents('2475'));
    assert.equal(evaluation.installments[0]?.remainingCents, toCents('275'));
    assert.equal(evaluation.dueDate, '2026-03-10');
    assert.equal(evaluation.arrearsCents, toCents('275')); // 2,750 − (2,750 − 275)
    assert.equal(evaluation.remainingBalanceCents, toCents('8525'));
    assert.equal(evaluation.status, 'overdue');
  });

  test('each installment says its late fee and its state: paid, overdue once past, due until then', () => {
    // 2,750 on the 11th covers the fee charged that morning first, so installment 1 stays open.
    const evaluation = evaluate('2026-03-18', [paid('2750', '2026-03-11')], tenPercent);
    assert.deepEqual(
      evaluation.installments.map((i) => [i.lateFeeCents, i.state]),
      [
        [toCents('275'), 'overdue'],
        [toCents('275'), 'overdue'],
        [0n, 'due'],
        [0n, 'due'],
      ],
    );
    const covered = evaluate('2026-03-18', [paid('6050', '2026-03-11')], tenPercent);
    assert.deepEqual(
      covered.installments.map((i) => [i.lateFeeCents, i.state]),
      [
        [toCents('275'), 'paid'],
        [0n, 'paid'],
        [0n, 'due'],
        [0n, 'due'],
      ],
    );
  });

  test('an installment due today is due, not overdue (it is past only from tomorrow)', () => {
    const evaluation = evaluate('2026-03-10', [], tenPercent);
    assert.equal(evaluation.installments[0]?.state, 'due');
    assert.equal(evaluation.installments[0]?.lateFeeCents, 0n);
  });

  test('a payment made before the fee was charged goes to the installments', () => {
    // 2,000 on the 9th goes to installment 1; the fee charged on the 11th is covered by the next payment.
    const evaluation = evaluate(
      '2026-03-12',
      [paid('2000', '2026-03-09'), paid('1025', '2026-03-12')],
      tenPercent,
    );
    assert.equal(evaluation.penaltyPaidCents, toCents('275'));
    assert.equal(evaluation.installments[0]?.paidCents, toCents('2750'));
    assert.equal(evaluation.dueDate, '2026-03-17');
    assert.equal(evaluation.arrearsCents, 0n);
    assert.equal(evaluation.status, 'partially_paid');
  });

  test('paying the balance including the penalty completes the loan', () => {
    const evaluation = evaluate('2026-04-30', [paid('11275', '2026-03-11')], tenPercent);
    assert.equal(evaluation.status, 'paid');
    assert.equal(evaluation.completedDate, '2026-03-11');
    assert.equal(evaluation.remainingBalanceCents, 0n);
  });

  test('fees round half away from zero to the cent', () => {
    const thirds = { principalCents: toCents('1000'), interestRate: '0', durationDays: 21 };
    // 1.5 % of 333.33 = 4.99995 → 5.00
    const evaluation = evaluate('2026-03-11', [], {
      terms: thirds,
      schedule: buildSchedule({ ...thirds, disbursementDate: '2026-03-03' }),
      penaltyRule: { lateFeePercent: '1.5' },
    });
    assert.equal(evaluation.penaltyCents, 500n);
  });
});

describe('business dates in Nairobi', () => {
  test('an installment due on 2026-03-10 is due today at 2026-03-09T21:30:00Z (00:30 EAT), still the 9th in UTC', () => {
    const today = businessDate(new Date('2026-03-09T21:30:00Z'), DEFAULT_LENDER_TZ);
    assert.equal(today, '2026-03-10');
    const evaluation = evaluate(today);
    assert.equal(evaluation.dueDate, '2026-03-10');
    assert.equal(evaluation.daysRemaining, 0);
    assert.equal(evaluation.daysOverdue, 0);
    assert.equal(evaluation.arrearsCents, toCents('2750'));
    assert.equal(evaluation.status, 'overdue');

    const inUtc = evaluate(businessDate(new Date('2026-03-09T21:30:00Z'), 'UTC'));
    assert.equal(inUtc.daysRemaining, 1);
  });

  test('one second before midnight in Nairobi (2026-03-09T20:59:59Z) it is due tomorrow', () => {
    const evaluation = evaluate(businessDate(new Date('2026-03-09T20:59:59Z'), DEFAULT_LENDER_TZ));
    assert.equal(evaluation.daysRemaining, 1);
    assert.equal(evaluation.arrearsCents, 0n);
    assert.equal(evaluation.status, 'active');
  });
});

describe('amount due now', () => {
  // 4 × 2,750.00 due 03-10, 03-17, 03-24, 04-02.
  const tenPercent = { penaltyRule: { lateFeePercent: '10' } };

  test('before the due date: the rest of the next installment (nothing is in arrears yet)', () => {
    assert.equal(evaluate('2026-03-05').amountDueCents, toCents('2750'));
    const partly = evaluate('2026-03-05', [paid('1000', '2026-03-04')]);
    assert.equal(partly.arrearsCents, 0n);
    assert.equal(partly.amountDueCents, toCents('1750'));
  });

  test('ahead of the schedule: the rest of the first installment not fully covered', () => {
    const ahead = evaluate('2026-03-05', [paid('2750', '2026-03-04'), paid('3000', '2026-03-05')]);
    assert.equal(ahead.dueDate, '2026-03-24');
    assert.equal(ahead.amountDueCents, toCents('2500'));
  });

  test('on the due date and after: the arrears (every installment fallen due and unpaid)', () => {
    assert.equal(evaluate('2026-03-10').amountDueCents, toCents('2750'));
    const late = evaluate('2026-03-18', [paid('1000', '2026-03-12')]);
    assert.equal(late.arrearsCents, toCents('4500'));
    assert.equal(late.amountDueCents, toCents('4500'));
  });

  test('late fees not yet covered are due too (payments cover them first)', () => {
    const charged = evaluate('2026-03-11', [], tenPercent);
    assert.equal(charged.arrearsCents, toCents('2750'));
    assert.equal(charged.amountDueCents, toCents('3025'));
    const feeCovered = evaluate('2026-03-12', [paid('2750', '2026-03-11')], tenPercent);
    assert.equal(feeCovered.amountDueCents, toCents('275'));
  });

  test('nothing is due on a paid or undisbursed loan', () => {
    assert.equal(evaluate('2026-04-30', [paid('11000', '2026-03-11')]).amountDueCents, 0n);
    assert.equal(evaluate('2026-03-12', [], { disbursed: false, schedule: null }).amountDueCents, 0n);
  });
});

describe('paid-through date and lock date', () => {
  // 4 × 2,750.00 due 03-10, 03-17, 03-24, 04-02.
  test('nothing covered yet: no paid-through date; the phone may be locked from the first due date', () => {
    const evaluation = evaluate('2026-03-05', [paid('2749.99', '2026-03-04')]);
    assert.equal(evaluation.paidThroughDate, null);
    assert.equal(evaluation.lockDate, '2026-03-10');
  });

  test('paid through the last fully covered installment; lock date = first day of arrears of the next', () => {
    const evaluation = evaluate('2026-03-05', [paid('2750', '2026-03-04'), paid('3000', '2026-03-05')]);
    assert.equal(evaluation.paidThroughDate, '2026-03-17');
    assert.equal(evaluation.lockDate, '2026-03-24');
    assert.equal(evaluation.dueDate, '2026-03-24');
  });

  test('the lock date is the day arrears start (due date itself), when the phone goes waiting', () => {
    const onDueDate = evaluate('2026-03-10', [paid('1000', '2026-03-04')]);
    assert.equal(onDueDate.lockDate, '2026-03-10');
    assert.ok(onDueDate.arrearsCents > 0n, 'in arrears on the lock date: the phone is waiting');
    const dayBefore = evaluate('2026-03-09', [paid('1000', '2026-03-04')]);
    assert.equal(dayBefore.lockDate, '2026-03-10');
    assert.equal(dayBefore.arrearsCents, 0n, 'no arrears before the lock date');
  });

  test('in arrears: the lock date stays the past day, and neither date moves with the date', () => {
    const later = evaluate('2026-03-20', [paid('2750', '2026-03-04')]);
    assert.equal(later.paidThroughDate, '2026-03-10');
    assert.equal(later.lockDate, '2026-03-17');
    const muchLater = evaluate('2026-05-20', [paid('2750', '2026-03-04')]);
    assert.equal(muchLater.status, 'defaulted');
    assert.equal(muchLater.paidThroughDate, '2026-03-10');
    assert.equal(muchLater.lockDate, '2026-03-17');
  });

  test('late fees are covered first: a payment of one installment after a fee does not cover it', () => {
    const tenPercent = { penaltyRule: { lateFeePercent: '10' } };
    // Fee of 275.00 charged on 03-11; 2,750.00 on 03-12 covers the fee, then 2,475.00 of the first.
    const short = evaluate('2026-03-12', [paid('2750', '2026-03-12')], tenPercent);
    assert.equal(short.paidThroughDate, null);
    assert.equal(short.lockDate, '2026-03-10');
    const enough = evaluate('2026-03-12', [paid('3025', '2026-03-12')], tenPercent);
    assert.equal(enough.paidThroughDate, '2026-03-10');
    assert.equal(enough.lockDate, '2026-03-17');
  });

  test('paid off: paid through the last due date, no lock date', () => {
    const evaluation = evaluate('2026-03-20', [paid('11000', '2026-03-20')]);
    assert.equal(evaluation.status, 'paid');
    assert.equal(evaluation.paidThroughDate, '2026-04-02');
    assert.equal(evaluation.lockDate, null);
  });

  test('repossessed: no lock date (the phone is taken); not disbursed: neither', () => {
    const repossessed = evaluate('2026-03-20', [paid('2750', '2026-03-04')], { repossessed: true });
    assert.equal(repossessed.paidThroughDate, '2026-03-10');
    assert.equal(repossessed.lockDate, null);
    const pending = evaluate('2026-03-20', [], { disbursed: false, schedule: null });
    assert.equal(pending.paidThroughDate, null);
    assert.equal(pending.lockDate, null);
  });
});

describe('repayment amount', () => {
  test('accepts 0 < amount ≤ remaining balance', () => {
    const evaluation = evaluate('2026-03-12', [paid('1000', '2026-03-05')]);
    assert.deepEqual(validateRepaymentAmount(evaluation, 1n), { ok: true });
    assert.deepEqual(validateRepaymentAmount(evaluation, toCents('10000')), { ok: true });
  });

  test('refuses more than the balance, naming it', () => {
    const evaluation = evaluate('2026-03-12', [paid('1000', '2026-03-05')]);
    const check = validateRepaymentAmount(evaluation, toCents('10000.01'));
    assert.equal(check.ok, false);
    assert.ok(!check.ok);
    assert.equal(check.code, 'AMOUNT_OVER_BALANCE');
    assert.equal(check.field, 'amount');
    assert.equal(check.remainingBalanceCents, toCents('10000'));
    assert.equal(check.message, 'Amount must not exceed the remaining balance of Ksh 10,000.00');
  });

  test('refuses 0 or less, a paid loan and a loan not yet disbursed', () => {
    const open = evaluate('2026-03-12');
    const zero = validateRepaymentAmount(open, 0n);
    assert.ok(!zero.ok && zero.code === 'AMOUNT_NOT_POSITIVE' && zero.message.includes('Ksh 11,000.00'));
    const negative = validateRepaymentAmount(open, -100n);
    assert.ok(!negative.ok && negative.code === 'AMOUNT_NOT_POSITIVE');
    const paidOff = validateRepaymentAmount(evaluate('2026-03-12', [paid('11000', '2026-03-12')]), 100n);
    assert.ok(!paidOff.ok && paidOff.code === 'LOAN_PAID' && paidOff.message.includes('Ksh 0.00'));
    const pending = validateRepaymentAmount(
      evaluate('2026-03-12', [], { disbursed: false, schedule: null }),
      100n,
    );
    assert.ok(!pending.ok && pending.code === 'LOAN_NOT_DISBURSED');
  });
});

describe('contract figures', () => {
  const figureKeys = {
    principal: true,
    total_interest: true,
    total_amount: true,
    installment_amount: true,
    installments_sum: true,
    paid_amount: true,
    penalty: true,
    remaining_balance: true,
    arrears: true,
    amount_due: true,
    status: true,
    due_date: true,
    days_remaining: true,
    days_overdue: true,
    default_date: true,
    completed_date: true,
    expected_completion_date: true,
    paid_through_date: true,
    lock_date: true,
    schedule: true,
  } as const;

  test('fill the loan row and detail fields in the contract’s shape', () => {
    const figures = toLoanFigures(
      evaluate('2026-03-12', [paid('1000.5', '2026-03-05')], { penaltyRule: { lateFeePercent: '10' } }),
    );
    assert.deepEqual(loanDetailSchema.pick(figureKeys).strict().parse(figures), figures);
    assert.equal(figures.paid_amount, 1000.5);
    assert.equal(figures.penalty, 275);
    assert.equal(figures.remaining_balance, 10274.5);
    assert.equal(figures.installments_sum, 11000);
    assert.equal(figures.expected_completion_date, '2026-04-02');
    assert.deepEqual(figures.schedule[0], {
      number: 1,
      due_date: '2026-03-10',
      amount: 2750,
      paid: 1000.5,
      remaining: 1749.5,
      late_fee: 275,
      state: 'overdue',
    });
    assert.equal(figures.arrears, 1749.5);
    assert.equal(figures.status, 'overdue');
    assert.equal(figures.paid_through_date, null);
    assert.equal(figures.lock_date, '2026-03-10');
  });

  test('a loan not yet disbursed has an empty schedule and null dates', () => {
    const figures = toLoanFigures(evaluate('2026-03-12', [], { disbursed: false, schedule: null }));
    assert.deepEqual(loanDetailSchema.pick(figureKeys).strict().parse(figures), figures);
    assert.deepEqual(figures.schedule, []);
    assert.equal(figures.due_date, null);
    assert.equal(figures.expected_completion_date, null);
  });
});

describe('inputs outside the domain', () => {
  test('are refused with a RangeError', () => {
    assert.throws(() => evaluate('2026-02-30'), RangeError);
    assert.throws(() => evaluate('2026-03-12', [paid('-1', '2026-03-05')]), RangeError);
    assert.throws(() => evaluate('2026-03-12', [{ amountCents: 100n, paidDate: '05/03/2026' }]), RangeError);
    assert.throws(() => evaluate('2026-03-12', [], { schedule: null }), RangeError);
    assert.throws(() => evaluate('2026-03-12', [], { penaltyRule: { lateFeePercent: '101' } }), RangeError);
    assert.throws(() => evaluate('2026-03-12', [], { defaultThresholdDays: -1 }), RangeError);
  });
});
