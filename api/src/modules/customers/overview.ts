/**
 * The customer page: everything about one customer in one answer (GET /api/customers/{id}/overview)
 * and an admin's correction of their details (PATCH /api/customers/{id}).
 */
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import {
  CUSTOMER_EDIT_TEXTS,
  CUSTOMER_OVERVIEW_LIMIT,
  type CustomerOverview,
  type UpdateCustomerFields,
} from '@lender/shared/contract/customers';
import { isUniqueViolation } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { Caller } from '../../plugins/auth';
import { toLoanRows } from '../loans/loan-rows';
import { toNotes } from '../loans/notes';
import { listCustomerNotes } from '../loans/service';
import { type LoansContext } from '../loans/context';
import type { ServiceContext } from '../service-context';
import {
  findCustomerByNationalId,
  hasApplicationsOrLoans,
  listCustomerApplications,
  listCustomerLoans,
  listCustomerRepayments,
  listReferees,
  lockCustomer,
  updateCustomer,
  updateReferee,
  type CustomerRow,
  type RefereeRow,
} from './repository';
import { getCustomerDetails } from './service';

const money = (value: string) => toMoneyNumber(toCents(value));

/**
 * The customer page's data: the details (404 outside the caller's book, as GET /customerNew/{id}),
 * then the newest applications, loans (figures as of today), repayments and loan notes of the
 * customer, each list bounded by CUSTOMER_OVERVIEW_LIMIT and read through a customer_id index.
 */
export async function getCustomerOverview(
  ctx: LoansContext,
  caller: Caller,
  id: number,
): Promise<CustomerOverview> {
  const details = await getCustomerDetails(ctx, caller, id);
  const [applications, loanSources, repayments, notes] = await Promise.all([
    listCustomerApplications(ctx.db, id, CUSTOMER_OVERVIEW_LIMIT),
    listCustomerLoans(ctx.db, id, CUSTOMER_OVERVIEW_LIMIT),
    listCustomerRepayments(ctx.db, id, CUSTOMER_OVERVIEW_LIMIT),
    listCustomerNotes(ctx.db, id, CUSTOMER_OVERVIEW_LIMIT),
  ]);
  const loanRows = await toLoanRows(ctx, loanSources);
  return {
    ...details,
    applications: applications.map((row) => ({
      id: row.id,
      status: row.status,
      amount: money(row.amount),
      product: row.product,
      model: row.model,
      rejection_reason: row.rejectionReason,
      loan_id: row.loanId,
      created_at: row.createdAt.toISOString(),
    })),
    loans: loanRows.map((row, index) => ({
      id: row.id,
      account_number: row.account_number,
      status: row.status,
      product: row.loan_product,
      model: loanSources[index]?.loan.model ?? '',
      total: row.total_amount,
      paid: row.paid_amount,
      balance: row.remaining_balance,
      arrears: row.arrears,
      device_status: row.device_status,
      due_date: row.due_date,
      disbursement_date: row.disbursement_date,
      repayment_pending: row.repayment_pending,
    })),
    repayments: repayments.map((row) => ({
      id: row.id,
      loan_id: row.loanId,
      account_number: encodeAccountNumber(row.loanId),
      code: row.mpesaCode,
      amount: money(row.amount),
      date: row.paidDate,
      status: row.status,
    })),
    notes: await toNotes(ctx, notes),
  };
}

// Editing ----------------------------------------------------------------------------------------

/** The customer's editable columns and the request's name for each. */
const CUSTOMER_FIELDS = {
  first_name: 'firstName',
  last_name: 'lastName',
  phone: 'phone',
  email: 'email',
  national_id: 'nationalId',
  county: 'county',
  occupation: 'occupation',
  residence_details: 'residenceDetails',
  address: 'address',
  monthly_income: 'monthlyIncome',
} as const satisfies Record<string, keyof CustomerRow>;

const REFEREE_FIELDS = {
  name: 'name',
  id_number: 'idNumber',
  phone_number: 'phoneNumber',
  relationship: 'relationship',
} as const satisfies Record<string, keyof RefereeRow>;

/** A request value as the column stores it (money as its numeric text). */
function stored(field: string, value: string | number): string {
  return field === 'monthly_income' ? formatCents(toCents(String(value))) : String(value);
}

/**
 * The fields of `input` whose stored value differs from the row's column (a field left out is
 * not a change): their values before and after under the request's names, and the columns to write.
 */
function changedFields<Field extends string, Column extends string>(
  fields: Record<Field, Column>,
  row: Record<Column, string | number | null>,
  input: Partial<Record<NoInfer<Field>, string | number>>,
) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const columns: Partial<Record<Column, string>> = {};
  for (const field of Object.keys(fields) as Field[]) {
    const value = input[field];
    if (value === undefined) continue;
    const column = fields[field];
    const next = stored(field, value);
    const current = row[column];
    if (current !== null && stored(field, current) === next) continue;
    before[field] = current;
    after[field] = next;
    columns[column] = next;
  }
  return { before, after, columns };
}

/**
 * Corrects a customer's details (admins; the route checks the role). Only the fields that differ
 * are written, with one audit entry holding their values before and after, in one transaction on
 * the customer's locked row. The national ID is refused (409) once the customer has an application
 * or a loan, and when another customer holds it (409); next of kin are named by id and must be the
 * customer's (400). An edit that changes nothing writes nothing.
 */
export async function updateCustomerDetails(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  input: UpdateCustomerFields,
): Promise<{ message: string }> {
  const duplicate = (nationalId: string) =>
    new ConflictError(CUSTOMER_EDIT_TEXTS.duplicateNationalId(nationalId), 'national_id');
  try {
    return await ctx.db.transaction(async (tx) => {
      const customer = await lockCustomer(tx, id);
      if (!customer) throw new NotFoundError(`Customer ${id} not found`);

      const { before, after, columns: changes } = changedFields(CUSTOMER_FIELDS, customer, input);

      if (changes.nationalId !== undefined) {
        if (await hasApplicationsOrLoans(tx, id))
          throw new ConflictError(CUSTOMER_EDIT_TEXTS.nationalIdLocked, 'national_id');
        const holder = await findCustomerByNationalId(tx, changes.nationalId);
        if (holder && holder.id !== id) throw duplicate(changes.nationalId);
      }

      const refereeChanges: {
        id: number;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }[] = [];
      if (input.referees?.length) {
        const current = new Map((await listReferees(tx, id)).map((row) => [row.id, row]));
        const unknown = input.referees.flatMap((referee, index) =>
          current.has(referee.id)
            ? []
            : [{ field: `referees[${index}][id]`, msg: CUSTOMER_EDIT_TEXTS.unknownReferee }],
        );
        if (unknown.length) throw new ValidationError(unknown);
        for (const referee of input.referees) {
          const row = current.get(referee.id) as RefereeRow;
          const { before: was, after: now, columns } = changedFields(REFEREE_FIELDS, row, referee);
          if (Object.keys(columns).length === 0) continue;
          await updateReferee(tx, id, referee.id, columns);
          refereeChanges.push({ id: referee.id, before: was, after: now });
        }
      }

      if (Object.keys(changes).length === 0 && refereeChanges.length === 0) {
        return { message: CUSTOMER_EDIT_TEXTS.updated };
      }
      await updateCustomer(tx, id, { ...changes, updatedAt: ctx.clock.now() });
      if (refereeChanges.length) {
        before.referees = refereeChanges.map((change) => ({ id: change.id, ...change.before }));
        after.referees = refereeChanges.map((change) => ({ id: change.id, ...change.after }));
      }
      await ctx.audit.record(tx, {
        actorId: caller.id,
        action: 'customer.updated',
        entity: 'customer',
        entityId: id,
        before,
        after,
      });
      return { message: CUSTOMER_EDIT_TEXTS.updated };
    });
  } catch (error) {
    // Another customer took the national ID between the check and the update.
    if (isUniqueViolation(error, 'customers_national_id_key') && input.national_id) {
      throw duplicate(input.national_id);
    }
    throw error;
  }
}
