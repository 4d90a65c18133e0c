// Builders of the API's loan-side shapes for the remotes' tests: one valid object each, which a
// test overrides only where it is about that field.
import type { PendingApplicationRow } from '../src/contract/applications';
import type { PageMeta } from '../src/contract/common';
import type { DashboardAnalytics } from '../src/contract/dashboard';
import type { LoanDetail, LoanRow, LoansPage } from '../src/contract/loans';
import type { Repayment } from '../src/contract/repayments';
import { builderOf } from './builder-of';

let nextId = 700;
const newId = () => (nextId += 1);

/** A loan as the loan lists return it; override what the test is about. */
export const buildLoanRow = builderOf<LoanRow>(() => ({
  id: newId(),
  customer_id: 11,
  account_number: 'Y78VSHZ',
  officer_id: 2,
  customer_name: 'Jane Wanjiru',
  total_amount: 12_000,
  arrears: 0,
  amount_due: 3_000,
  paid_amount: 3_000,
  remaining_balance: 9_000,
  status: 'partially_paid',
  due_date: '2025-03-21',
  days_remaining: 4,
  device_status: 'active',
  device_lock_state: null,
  device_alert: null,
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
  model: 'Tecno Spark 20',
  imei_number: '356938035643809',
  repossessed_on: null,
  repossessed_balance: null,
}));

/** One page of any list: by default the only page, holding just these rows. */
export function buildPage<Row>(rows: Row[], meta: Partial<PageMeta> = {}): { data: Row[]; meta: PageMeta } {
  return { data: rows, meta: { page: 1, pageSize: 10, total: rows.length, totalPages: 1, ...meta } };
}

export const buildLoansPage = (loans: LoanRow[], meta: Partial<PageMeta> = {}): LoansPage =>
  buildPage(loans, meta);

/** A loan as GET /api/loans/{id} returns it. */
export const buildLoanDetail = builderOf<LoanDetail>(() => ({
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
  pending_amount: 0,
}));

/** An application as GET /api/applications/pending lists it. */
export const buildPendingApplicationRow = builderOf<PendingApplicationRow>(() => {
  const id = newId();
  return {
    loan_id: id,
    id,
    customer_id: 42,
    customer_full_name: 'Achieng Wambui',
    national_id: '12345678',
    phone: '+254712345678',
    monthly_income: 30_000,
    product_id: 7,
    product_name: 'Phone Plus',
    amount: 12_000,
    purpose: 'Business phone',
    model: 'Tecno Spark 20',
    imei: '356938035643809',
    created_at: '2025-03-14T09:30:00.000Z',
  };
});

/** A payment as the repayment lists return it: by default an approved staff payment. */
export const buildRepayment = builderOf<Repayment>(() => ({
  id: newId(),
  loan_id: 71,
  customer_id: 11,
  customer_name: 'Peter Otieno',
  amount: 2_500,
  mpesa_code: 'QWE123RTY',
  paid_date: '2025-03-10',
  due_date: '2025-03-14',
  created_at: '2025-03-10T08:00:00Z',
  created_by: 2,
  created_by_name: 'Brian Odhiambo',
  source: 'staff',
  loan_status: 'partially_paid',
  status: 'paid',
  approved_at: '2025-03-10T09:00:00Z',
  rejected_at: null,
  rejection_reason: null,
}));

/** GET /api/loans/dashboard/analytics: a book with a little of everything. */
export const buildDashboardAnalytics = builderOf<DashboardAnalytics>(() => ({
  active_loans: 12,
  due_today: 3,
  defaulted_loans: 1,
  cleared_loans: 40,
  repossessed: 2,
  amount_collected: 152_300.5,
  amount_financed: 480_000,
}));
