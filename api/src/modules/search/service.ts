/**
 * The header search across the book (issue 14): what the words typed can name — a phone number,
 * a national ID, an IMEI, an account number, an M-Pesa code, a name — each looked up through its
 * own index, in the caller's scope (an officer: their own book).
 */
import { loanIdOfAccountNumber, encodeAccountNumber } from '@lender/shared/domain/account-number';
import type { SearchResults } from '@lender/shared/contract/search';
import { isValidNationalId, normaliseKenyanPhone } from '@lender/shared/contract/validators';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import { bookScope } from '../../domain/book-scope';
import type { Caller } from '../../plugins/auth';
import type { ServiceContext } from '../service-context';
import { searchCustomers, searchLoans, searchRepayments, type SearchTerms } from './repository';

/** What a search can name; several at once where the words are ambiguous (KAMAU38: a name, or an account). */
export function readSearchTerms(typed: string): SearchTerms {
  const words = typed.trim().replace(/\s+/g, ' ');
  const compact = words.replace(/[\s-]/g, '');
  const terms: SearchTerms = {};
  const phone = normaliseKenyanPhone(words);
  if (phone) terms.phone = phone;
  else if (isValidNationalId(compact)) terms.nationalId = compact;
  // 15 digits, Luhn or not: the IMEI was checked when the loan was applied for.
  if (/^\d{15}$/.test(compact)) terms.imei = compact;
  const loanId = loanIdOfAccountNumber(words);
  if (loanId !== null) terms.loanId = loanId;
  const code = compact.toUpperCase();
  if (/^[A-Z0-9]{10}$/.test(code) && /\d/.test(code) && /[A-Z]/.test(code))
    terms.mpesaCode = { whole: true, code };
  else if (/^[A-Z0-9]{4,9}$/.test(code) && /\d/.test(code) && /[A-Z]/.test(code))
    terms.mpesaCode = { whole: false, code };
  // A name has letters; 3 characters at least, which the trigram indexes need.
  if (!terms.phone && !terms.nationalId && /\p{L}/u.test(words) && words.length >= 3) terms.words = words;
  return terms;
}

export async function searchBook(ctx: ServiceContext, caller: Caller, typed: string): Promise<SearchResults> {
  const terms = readSearchTerms(typed);
  const { officerId } = bookScope(caller);
  const [customers, loans, repayments] = await Promise.all([
    searchCustomers(ctx.db, terms, officerId),
    searchLoans(ctx.db, terms, officerId),
    searchRepayments(ctx.db, terms, officerId),
  ]);
  return {
    customers: customers.map((c) => ({
      id: c.id,
      name: `${c.firstName} ${c.lastName}`,
      phone: c.phone,
      national_id: c.nationalId,
    })),
    loans: loans.map((l) => ({
      id: l.id,
      account_number: encodeAccountNumber(l.id),
      customer_name: `${l.firstName} ${l.lastName}`,
      model: l.model,
      imei: l.imei,
      status: l.status,
    })),
    repayments: repayments.map((r) => ({
      id: r.id,
      loan_id: r.loanId,
      mpesa_code: r.mpesaCode,
      amount: toMoneyNumber(toCents(r.amount)),
      customer_name: `${r.firstName} ${r.lastName}`,
      status: r.status,
    })),
  };
}
