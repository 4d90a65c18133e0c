import { INSTALLMENT_STATE_LABELS, type LoanDetail } from '@lender/shared/contract/loans';
import type { LoanRepaymentRow } from '@lender/shared/contract/repayments';
import { formatDay } from '@lender/shared/domain/date-time';
import { formatKsh } from '@lender/shared/domain/money';
import { LOAN_STATUS_LABELS, type LoanStatus } from '@lender/shared/domain/statuses';
import { repaymentState } from './repayment-columns';

const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const row = (cells: unknown[], tag = 'td') =>
  `<tr>${cells.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join('')}</tr>`;

/**
 * The printable statement of a loan: the customer, the terms, the schedule with what is paid on
 * each installment, the repayments and the balance. A whole HTML document, written into a new window.
 */
export function statementHtml(loan: LoanDetail, repayments: LoanRepaymentRow[], printedOn: string): string {
  const status = LOAN_STATUS_LABELS[loan.status as LoanStatus] ?? loan.status;
  const terms = [
    ['Customer', loan.customer_name],
    // What the customer types as the account number when paying to the paybill.
    ['Paybill account number', loan.account_number],
    ['National ID', loan.national_id],
    ['Phone', loan.phone],
    ['Product', loan.loan_product],
    ['Phone model / IMEI', `${loan.model} / ${loan.imei_number}`],
    ['Principal', formatKsh(loan.principal)],
    [`Interest (${loan.interest_rate}%)`, formatKsh(loan.total_interest)],
    ['Total amount', formatKsh(loan.total_amount)],
    ['Installment (weekly)', formatKsh(loan.installment_amount)],
    ['Duration', `${loan.duration_days} days`],
    ['Disbursement date', formatDay(loan.disbursement_date)],
    ['Expected completion', formatDay(loan.expected_completion_date)],
    ['Status', status],
  ];
  const schedule = loan.schedule.length
    ? loan.schedule
        .map((item) =>
          row([
            item.number,
            formatDay(item.due_date),
            formatKsh(item.amount),
            formatKsh(item.paid),
            formatKsh(item.remaining),
            formatKsh(item.late_fee),
            INSTALLMENT_STATE_LABELS[item.state],
          ]),
        )
        .join('')
    : '<tr><td colspan="7">No schedule yet (the loan is not disbursed).</td></tr>';
  const paidRepayments = repayments.length
    ? repayments
        .map((r) =>
          row([
            formatDay(r.payment_date),
            formatKsh(r.amount_paid),
            r.source === 'mpesa' ? `${r.method} (Paybill)` : r.method,
            r.transaction_code,
            repaymentState(r).label,
          ]),
        )
        .join('')
    : '<tr><td colspan="5">No repayments recorded yet.</td></tr>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loan statement: ${escapeHtml(loan.customer_name)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#111}h1{font-size:20px}h2{font-size:16px;margin-top:24px}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{border:1px solid #bbb;padding:4px 8px;text-align:left}
.summary td:first-child{width:40%;font-weight:600}
</style></head><body>
<h1>Loan statement</h1>
<p>Loan #${escapeHtml(loan.id)}, printed ${escapeHtml(printedOn)}</p>
<h2>Customer and terms</h2>
<table class="summary">${terms.map((t) => row(t)).join('')}</table>
<h2>Schedule</h2>
<table>${row(['#', 'Due date', 'Amount', 'Paid', 'Remaining', 'Late fee', 'State'], 'th')}${schedule}</table>
<h2>Repayments</h2>
<table>${row(['Date', 'Amount', 'Method', 'Transaction code', 'Status'], 'th')}${paidRepayments}</table>
<h2>Balance</h2>
<table class="summary">
${row(['Paid', formatKsh(loan.paid_amount)])}
${row(['Penalty', formatKsh(loan.penalty)])}
${row(['Arrears', formatKsh(loan.arrears)])}
${row(['Balance', formatKsh(loan.remaining_balance)])}
</table>
</body></html>`;
}

/** Opens the statement in a new window and prints it; false when the browser blocked the window. */
export function printStatement(loan: LoanDetail, repayments: LoanRepaymentRow[], printedOn: string): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  win.document.open();
  win.document.write(statementHtml(loan, repayments, printedOn));
  win.document.close();
  win.focus();
  win.print();
  return true;
}
