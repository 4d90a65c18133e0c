import type { PageMeta } from '@lender/shared/contract/common';
import type { LoanDetail, LoanRow, LoansPage } from '@lender/shared/contract/loans';

let nextId = 700;
const newId = () => (nextId += 1);

/** A loan as the loan lists return it; override what the test is about. */
export function buildLoanRow(overrides: Partial<LoanRow> = {}): LoanRow {
  const id = newId();
  return {
    id,
    customer_id: 11,
    account_number: 'Y78VSHZ',
    officer_id: 2,
    customer_name: 'Jane Wanjiru',
    total_amount: 12_000,
    arrears: 0,
    paid_amount: 3_000,
    remaining_balance: 9_000,
    status: 'partially_paid',
    due_date: '2025-03-21',
    days_remaining: 4,
    device_status: 'active',
    principal: 10_000,
    total_interest: 2_000,
    loan_product: 'Phone Weekly',
    purpose: 'Phone for business',
    national_id: '12345678',
    phone: '+254712345678',
    default_date: null,
    days_overdue: 0,
    disbursement_date: '2025-03-01',
    repayment_pending: false,
    paid_through_date: '2025-03-14',
    lock_date: '2025-03-21',
    promise_date: null,
    promise_amount: null,
    promise_status: null,
    ...overrides,
  };
}

export function buildLoansPage(loans: LoanRow[], meta: Partial<PageMeta> = {}): LoansPage {
  return {
    data: loans,
    meta: { page: 1, pageSize: 10, total: loans.length, totalPages: 1, ...meta },
  };
}

/** A loan as GET /api/loans/{id} returns it. */
export function buildLoanDetail(overrides: Partial<LoanDetail> = {}): LoanDetail {
  return {
    ...buildLoanRow(),
    applied_amount: 10_000,
    installment_amount: 3_000,
    installments_sum: 12_000,
    expected_completion_date: '2025-03-29',
    completed_date: null,
    penalty: 0,
    mpesa_code: 'QBC1234XYZ',
    model: 'Samsung Galaxy A15',
    imei_number: '356789012345678',
    interest_rate: 20,
    duration_days: 28,
    schedule: [],
    ...overrides,
  };
}
