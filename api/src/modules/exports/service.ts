/**
 * Streamed CSV exports (issue 14): a list's rows as CSV lines, read batch by batch (loans/lists.ts
 * loanListBatches), so that the whole book can be exported in constant memory.
 */
import type { LoanRow } from '@lender/shared/contract/loans';
import { LOAN_EXPORT_COLUMNS, type LoanExportList } from '@lender/shared/contract/exports';
import { loanListBatches, type LoanListOptions } from '../loans/lists';
import type { LoanScope, LoansContext } from '../loans/service';
import { csvLine, kshNumber } from './csv';

/** +254712345678 → 0712345678: how staff write it, and no leading + for a spreadsheet to eat. */
const localPhone = (phone: string) => phone.replace(/^\+254/, '0');

const loanLine = (row: LoanRow) =>
  csvLine([
    row.id,
    row.account_number,
    row.customer_name,
    row.national_id,
    localPhone(row.phone),
    row.loan_product,
    kshNumber(row.principal),
    kshNumber(row.total_amount),
    kshNumber(row.paid_amount),
    kshNumber(row.remaining_balance),
    kshNumber(row.arrears),
    row.status,
    row.device_status,
    row.disbursement_date,
    row.due_date,
    row.days_overdue,
  ]);

/** The CSV text of a loan list, header first, one chunk per batch of rows. */
export async function* loanListCsv(
  ctx: LoansContext,
  list: LoanExportList,
  scope: LoanScope,
  search?: string,
  options: LoanListOptions = {},
): AsyncGenerator<string> {
  // A byte-order mark: Excel then reads the file as UTF-8 (names with accents, "Ksh").
  yield `\uFEFF${csvLine(LOAN_EXPORT_COLUMNS)}`;
  for await (const batch of loanListBatches(ctx, list, scope, search, options)) {
    yield batch.map(loanLine).join('');
  }
}

export const exportFileName = (list: string, today: string) => `${list}-loans-${today}.csv`;
