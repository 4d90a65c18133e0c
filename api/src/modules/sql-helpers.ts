import { ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { customers, loans } from '../db/schema';

/** `%`, `_` and `\` typed by the user match themselves (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of text containing `words`, taken literally. */
export const containing = (words: string) => `%${escapeLike(words)}%`;

/**
 * The text a name search reads: "first last first" holds the first name, the last name and the full
 * name in either order. The trigram index customers_search_name_trgm_idx (schema.ts) is built on
 * this very expression, and the planner uses an expression index only for an identical expression:
 * change both together (and rebuild the index by a migration). Here, not in customers/, because
 * the loan lists search their customers by name too.
 */
export const customerSearchName = sql`${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.firstName}`;

/** The ILIKE pattern of words typed anywhere: `%words%`, with %, _ and \ escaped. */
export const customerNamePattern = (words: string) => containing(words);

/** The customer's name (customerSearchName) matching an ILIKE pattern, e.g. a placeholder for customerNamePattern. */
export const customerNameLike = (pattern: string | SQLWrapper): SQL => ilike(customerSearchName, pattern);

/** The words typed, case-insensitively, anywhere in the customer's name (customerSearchName). */
export const customerNameContains = (words: string): SQL => customerNameLike(customerNamePattern(words));

/**
 * A customer's name as lists sort it: customers_sort_name_idx and customers_created_by_sort_name_idx
 * (schema.ts) are built on this expression; the application lists sort their customers by it too.
 */
export const customerSortName = sql<string>`lower(${customers.firstName} || ' ' || ${customers.lastName})`;

/**
 * The officer whose book a loan is in (undefined: no such loan), for modules that show a loan's
 * records without reading the loan itself (device commands, messages: issue 35).
 */
export async function loanOfficerOf(ex: Executor, loanId: number): Promise<number | undefined> {
  const [row] = await ex.select({ officerId: loans.officerId }).from(loans).where(eq(loans.id, loanId));
  return row?.officerId;
}

/** The officer whose book a customer is in (undefined: no such customer). */
export async function customerOfficerOf(ex: Executor, customerId: number): Promise<number | undefined> {
  const [row] = await ex
    .select({ officerId: customers.createdBy })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.officerId;
}
