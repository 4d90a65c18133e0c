import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMIT } from '@lender/shared/contract/search';
import type { Database } from '../../db/client';
import { customers, loans, repayments } from '../../db/schema';
import { containing, customerNameContains } from '../sql-helpers';

/** What a typed search names, read by service.ts (readSearchTerms). */
export interface SearchTerms {
  /** Words for a customer's name (3+ characters: the trigram indexes need them). */
  words?: string;
  /** A phone number in the stored form +254XXXXXXXXX. */
  phone?: string;
  nationalId?: string;
  imei?: string;
  /** The loan an account number names. */
  loanId?: number;
  /** An M-Pesa code, whole (10 characters) or in part (4+). */
  mpesaCode?: { whole: boolean; code: string };
}

/** The officer whose book is searched; undefined for an admin (everyone's). */
export type SearchScope = number | undefined;

const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  nationalId: customers.nationalId,
};

/**
 * Customers by phone (customers_phone_idx: the whole number, stored +254…), national ID
 * (customers_national_id_key) or name (customers_search_name_trgm_idx); in the officer's book.
 */
export async function searchCustomers(db: Database, terms: SearchTerms, officerId: SearchScope) {
  const condition: SQL | undefined = terms.phone
    ? eq(customers.phone, terms.phone)
    : terms.nationalId
      ? eq(customers.nationalId, terms.nationalId)
      : terms.words
        ? customerNameContains(terms.words)
        : undefined;
  if (!condition) return [];
  return db
    .select(customerColumns)
    .from(customers)
    .where(and(condition, officerId === undefined ? undefined : eq(customers.createdBy, officerId)))
    .limit(SEARCH_LIMIT);
}

/** Loans by account number (the primary key) or IMEI (loans_imei_idx); in the officer's book. */
export async function searchLoans(db: Database, terms: SearchTerms, officerId: SearchScope) {
  const condition =
    terms.loanId !== undefined
      ? eq(loans.id, terms.loanId)
      : terms.imei
        ? eq(loans.imei, terms.imei)
        : undefined;
  if (!condition) return [];
  return db
    .select({
      id: loans.id,
      model: loans.model,
      imei: loans.imei,
      status: loans.status,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(and(condition, officerId === undefined ? undefined : eq(loans.officerId, officerId)))
    .orderBy(desc(loans.id))
    .limit(SEARCH_LIMIT);
}

/**
 * Repayments by M-Pesa code: a whole code through repayments_mpesa_code_loan_source_key, part of one
 * through repayments_mpesa_code_trgm_idx; in the officer's book (their loans).
 */
export async function searchRepayments(db: Database, terms: SearchTerms, officerId: SearchScope) {
  const code = terms.mpesaCode;
  if (!code) return [];
  return (
    db
      .select({
        id: repayments.id,
        loanId: repayments.loanId,
        mpesaCode: repayments.mpesaCode,
        amount: repayments.amount,
        status: repayments.status,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(repayments)
      .innerJoin(loans, eq(loans.id, repayments.loanId))
      .innerJoin(customers, eq(customers.id, repayments.customerId))
      .where(
        and(
          code.whole
            ? eq(repayments.mpesaCode, code.code)
            : ilike(repayments.mpesaCode, containing(code.code)),
          officerId === undefined ? undefined : eq(loans.officerId, officerId),
        ),
      )
      // Part of a code: `id + 0` keeps PostgreSQL from walking the primary key backwards for the
      // newest five and filtering every repayment on the way (5.9 s at 2M repayments when nothing
      // matches); it reads the trigram index's few matches and sorts them instead (0.2 ms).
      .orderBy(desc(code.whole ? repayments.id : sql`${repayments.id} + 0`))
      .limit(SEARCH_LIMIT)
  );
}
