/**
 * Loan applications (docs/product.md#loan-application-rules): submitted by staff for a customer in their book, decided
 * once by an admin. Approval creates the loan, in status pending_disbursement, with the product's
 * terms copied and its amounts from the loan engine.
 */
import type {
  ApplicationListPage,
  ApproveApplicationRequest,
  CreateApplicationRequest,
  PendingApplicationRow,
  RejectApplicationRequest,
  RejectedApplicationRow,
} from '@lender/shared/contract/applications';
import {
  APPLICATION_LISTS,
  type ApplicationListName,
  type ApplicationRowOf,
  type ApplicationRows,
} from '@lender/shared/contract/application-lists';
import { formatKsh } from '@lender/shared/domain/money';
import { isUniqueViolation, type Executor } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { computeLoanTotals } from '../../domain/loan-engine';
import { formatCents, toCents, toMoneyNumber, type Cents } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { findCustomer } from '../customers/service';
import { customerScope } from '../customers/service';
import { claimMpesaCode } from '../mpesa-codes/service';
import { countLimit, pageMeta, pageRequest } from '../pagination';
import { findProduct, type ProductRow } from '../products/service';
import type { ServiceContext } from '../service-context';
import {
  decideApplication,
  findApplication,
  hasPendingApplication,
  insertApplication,
  insertLoan,
  isImeiFinanced,
  listApplications,
  type ApplicationListOptions,
  type ApplicationListRow,
  type ApplicationRow,
  type ApplicationScope,
  type LoanRow,
  type NewLoanRow,
} from './repository';

export const PENDING_APPLICATION_EXISTS = 'This customer already has a pending application';
export const imeiFinanced = (imei: string) =>
  new ConflictError(`This phone (IMEI ${imei}) is already financed on an unpaid loan`, 'imei');

/** The applications a caller may see: those of the customers in their scope (see customerScope). */
export function applicationScope(
  caller: Caller,
  named: { officerId?: number | undefined; userId?: number | undefined } = {},
): ApplicationScope {
  return { customersOf: customerScope(caller, named).createdBy };
}

/** The applications services' context: approval fixes the new loan's late fee (LATE_FEE_PERCENT). */
export interface ApplicationsContext extends ServiceContext {
  lateFeePercent: string;
  timeZone: string;
}

const applicationNotFound = (id: number) => new NotFoundError(`Loan application ${id} not found`);

const money = (value: string) => toMoneyNumber(toCents(value));

/** What the audit trail keeps of an application. */
const auditView = (row: ApplicationRow) => ({
  id: row.id,
  customer_id: row.customerId,
  product_id: row.productId,
  officer_id: row.officerId,
  amount: row.amount,
  purpose: row.purpose,
  model: row.model,
  imei: row.imei,
  installment_type: row.installmentType,
  mpesa_code: row.mpesaCode,
  status: row.status,
  rejection_reason: row.rejectionReason,
  decided_by: row.decidedBy,
  decided_at: row.decidedAt?.toISOString() ?? null,
});

// Submission -------------------------------------------------------------------------------------

/**
 * Submits an application for a customer in the caller's book, by the caller (the body's officerId
 * is ignored). Checks the product's bounds, then in one transaction: no other pending application
 * for the customer, the phone not on a pending application or an unpaid loan, the deposit's
 * M-Pesa code never used anywhere (claimed in the registry), the row and its audit entry. The
 * partial unique indexes settle races between two submissions (409 either way).
 */
export async function submitApplication(
  ctx: ServiceContext,
  caller: Caller,
  input: CreateApplicationRequest,
): Promise<{ id: number }> {
  const customer = await findCustomer(ctx.db, input.customerId, customerScope(caller));
  if (!customer) throw new NotFoundError('Customer not found');
  const product = await findProduct(ctx.db, input.productId);
  if (!product) throw ValidationError.field('productId', `Loan product ${input.productId} does not exist`);
  const amount = toCents(input.amount);
  if (amount < toCents(product.minAmount) || amount > toCents(product.maxAmount)) {
    throw ValidationError.field(
      'amount',
      `Amount must be between ${formatKsh(product.minAmount)} and ${formatKsh(product.maxAmount)} for ${product.name}`,
    );
  }

  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      if (await hasPendingApplication(tx, customer.id)) throw new ConflictError(PENDING_APPLICATION_EXISTS);
      if (await isImeiFinanced(tx, input.imei)) throw imeiFinanced(input.imei);
      await claimMpesaCode(tx, input.mpesaCode, 'deposit', caller.id, now);
      const row = await insertApplication(tx, {
        customerId: customer.id,
        productId: product.id,
        officerId: caller.id,
        amount: formatCents(amount),
        purpose: input.purpose,
        model: input.model,
        imei: input.imei,
        installmentType: input.installmentType,
        mpesaCode: input.mpesaCode,
        status: 'pending',
        createdAt: now,
      });
      await ctx.audit.record(tx, {
        actorId: caller.id,
        action: 'loan_application.created',
        entity: 'loan_application',
        entityId: row.id,
        after: auditView(row),
      });
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'loan_applications_one_pending_per_customer'))
      throw new ConflictError(PENDING_APPLICATION_EXISTS);
    if (isUniqueViolation(error, 'loan_applications_one_pending_per_imei')) throw imeiFinanced(input.imei);
    throw error;
  }
}

// Lists ------------------------------------------------------------------------------------------

function toPendingRow(row: ApplicationListRow): PendingApplicationRow {
  return {
    loan_id: row.id,
    id: row.id,
    customer_id: row.customerId,
    customer_full_name: `${row.firstName} ${row.lastName}`,
    national_id: row.nationalId,
    phone: row.phone,
    monthly_income: row.monthlyIncome === null ? null : money(row.monthlyIncome),
    product_id: row.productId,
    product_name: row.productName,
    amount: money(row.amount),
    purpose: row.purpose,
    model: row.model,
    imei: row.imei,
    created_at: row.createdAt.toISOString(),
  };
}

function toRejectedRow(row: ApplicationListRow): RejectedApplicationRow {
  return {
    ...toPendingRow(row),
    occupation: row.occupation,
    address: row.address ?? '',
    rejection_reason: row.rejectionReason ?? '',
    rejected_at: (row.decidedAt ?? row.createdAt).toISOString(),
  };
}

export interface ApplicationListRequest extends ApplicationListOptions {
  page?: number | undefined;
  /** Narrow an admin's list to this officer's customers (ignored for an officer, or naming the caller). */
  officerId?: number | undefined;
  userId?: number | undefined;
}

/** How each kind of row (application-lists.ts `rows`) is shown. */
const TO_ROW: { [Kind in keyof ApplicationRows]: (row: ApplicationListRow) => ApplicationRows[Kind] } = {
  application: toPendingRow,
  rejection: toRejectedRow,
};

/**
 * One page of a list (shared/src/contract/application-lists.ts) of the caller's applications, with
 * its meta: 10 a page, the count capped (pagination.ts).
 */
export async function listApplicationsPage<Name extends ApplicationListName>(
  ctx: ApplicationsContext,
  caller: Caller,
  list: Name,
  request: ApplicationListRequest,
): Promise<ApplicationListPage<Name>> {
  const scope = applicationScope(caller, request);
  const page = pageRequest(request.page ?? 1);
  const { sort, order, productId, from, to } = request;
  const { rows, total } = await listApplications(ctx.db, list, scope, page, {
    options: { sort, order, productId, from, to },
    timeZone: ctx.timeZone,
  });
  // The list's kind names its row (application-lists.ts), which TypeScript cannot follow through the lookup.
  const toRow = TO_ROW[APPLICATION_LISTS[list].rows] as (row: ApplicationListRow) => ApplicationRowOf<Name>;
  return { data: rows.map(toRow), meta: pageMeta(page, total, countLimit(page)) };
}

/** A list's every row in batches, for its CSV export (repository.ts applicationListBatches). */
export { applicationListBatches, type ApplicationListRow } from './repository';

// Decisions --------------------------------------------------------------------------------------

const alreadyDecided = (status: string) => new ConflictError(`This application has already been ${status}`);

/**
 * The application in the caller's scope, still pending (404 / 409 otherwise). Only a first answer:
 * the decision itself is the guarded update of `decide`.
 */
async function pendingApplication(tx: Executor, caller: Caller, id: number): Promise<ApplicationRow> {
  const application = await findApplication(tx, id, applicationScope(caller));
  if (!application) throw applicationNotFound(id);
  if (application.status !== 'pending') throw alreadyDecided(application.status);
  return application;
}

/** pending → status, or 409 when another decision won (the conditional update found no pending row). */
async function decide(
  tx: Executor,
  caller: Caller,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedAt: Date; rejectionReason?: string },
): Promise<ApplicationRow> {
  const decided = await decideApplication(tx, id, { ...decision, decidedBy: caller.id });
  if (decided) return decided;
  const current = await findApplication(tx, id, {});
  throw alreadyDecided(current?.status ?? 'decided');
}

/** Step 1 of approval: the principal asked for, within the product's maximum (else a 400 naming it). */
/** The amount the admin gave, or (a batch approval, issue 34) the amount the application asked for. */
export type DisbursedAmount = ApproveApplicationRequest | 'applied';

function approvedPrincipal(product: ProductRow, application: ApplicationRow, input: DisbursedAmount): Cents {
  const principal = toCents(input === 'applied' ? application.amount : input.disbursedAmount);
  if (principal > toCents(product.maxAmount)) {
    throw ValidationError.field(
      'disbursedAmount',
      `Disbursed amount cannot be more than ${formatKsh(product.maxAmount)}, the maximum for ${product.name}`,
    );
  }
  return principal;
}

/**
 * Step 2: the approved application's loan, pending disbursement, in the book of the customer's
 * officer: the product's terms copied and the amounts from the loan engine.
 */
function newLoanOf(
  approved: ApplicationRow,
  product: ProductRow,
  terms: { principal: Cents; officerId: number; lateFeePercent: string },
  caller: Caller,
  now: Date,
): NewLoanRow {
  const totals = computeLoanTotals({
    principalCents: terms.principal,
    interestRate: product.interestRate,
    durationDays: product.durationDays,
  });
  return {
    applicationId: approved.id,
    customerId: approved.customerId,
    productId: product.id,
    officerId: terms.officerId,
    productName: product.name,
    interestRate: product.interestRate,
    durationDays: product.durationDays,
    // Part of the contract: a later change of LATE_FEE_PERCENT leaves this loan's fee as agreed.
    lateFeePercent: terms.lateFeePercent,
    installmentType: approved.installmentType,
    appliedAmount: approved.amount,
    principal: formatCents(terms.principal),
    totalInterest: formatCents(totals.totalInterestCents),
    totalAmount: formatCents(totals.totalAmountCents),
    installmentCount: totals.installmentCount,
    installmentAmount: formatCents(totals.installmentAmountCents),
    remainingBalance: formatCents(totals.totalAmountCents),
    status: 'pending_disbursement',
    purpose: approved.purpose,
    model: approved.model,
    imei: approved.imei,
    approvedBy: caller.id,
    approvedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** What the audit trail keeps of a new loan. */
const loanAuditView = (loan: LoanRow) => ({
  id: loan.id,
  application_id: loan.applicationId,
  customer_id: loan.customerId,
  product_id: loan.productId,
  officer_id: loan.officerId,
  product_name: loan.productName,
  interest_rate: loan.interestRate,
  duration_days: loan.durationDays,
  late_fee_percent: loan.lateFeePercent,
  applied_amount: loan.appliedAmount,
  principal: loan.principal,
  total_interest: loan.totalInterest,
  total_amount: loan.totalAmount,
  installment_count: loan.installmentCount,
  installment_amount: loan.installmentAmount,
  remaining_balance: loan.remainingBalance,
  status: loan.status,
  model: loan.model,
  imei: loan.imei,
});

/**
 * Approves a pending application (admins; the route checks the role) and creates its loan in
 * status pending_disbursement: principal = disbursedAmount (> 0, ≤ the product's maximum; 'applied':
 * the amount applied for, read under the decision's transaction), the
 * product's terms copied, the amounts from the loan engine, in the book of the customer's officer.
 * Exactly one of concurrent decisions wins; the application, the loan and both audit entries
 * commit together.
 */
export async function approveApplication(
  ctx: ApplicationsContext,
  caller: Caller,
  id: number,
  input: DisbursedAmount,
): Promise<{ loanId: number }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const application = await pendingApplication(tx, caller, id);
    const product = await findProduct(tx, application.productId);
    if (!product) throw new Error(`Application ${id} refers to a missing product`);
    const principal = approvedPrincipal(product, application, input);
    const customer = await findCustomer(tx, application.customerId, {});
    if (!customer) throw new Error(`Application ${id} refers to a missing customer`);

    const approved = await decide(tx, caller, id, { status: 'approved', decidedAt: now });
    const terms = { principal, officerId: customer.createdBy, lateFeePercent: ctx.lateFeePercent };
    const loan = await insertLoan(tx, newLoanOf(approved, product, terms, caller, now));
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan_application.approved',
      entity: 'loan_application',
      entityId: id,
      loanId: loan.id,
      before: auditView(application),
      after: { ...auditView(approved), disbursed_amount: loan.principal, loan_id: loan.id },
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan.created',
      entity: 'loan',
      entityId: loan.id,
      loanId: loan.id,
      after: loanAuditView(loan),
    });
    return { loanId: loan.id };
  });
}

/** Rejects a pending application (admins), keeping the reason (may be empty); audited. */
export async function rejectApplication(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  input: RejectApplicationRequest,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const application = await pendingApplication(tx, caller, id);
    const rejected = await decide(tx, caller, id, {
      status: 'rejected',
      decidedAt: ctx.clock.now(),
      rejectionReason: input.reason ?? '',
    });
    await ctx.audit.record(tx, {
      actorId: caller.id,
      action: 'loan_application.rejected',
      entity: 'loan_application',
      entityId: id,
      before: auditView(application),
      after: auditView(rejected),
    });
  });
}
