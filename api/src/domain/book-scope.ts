import { seesWholeBook } from '@lender/shared/domain/book-scope';
import type { Role } from '@lender/shared/domain/roles';

/** A signed-in staff member, as far as the scope rule needs to know them. */
interface Reader {
  id: number;
  role: Role;
}

/**
 * Whose book a caller reads (docs/product.md#roles-and-scope): one officer's (the customers they registered and
 * those customers' applications, loans and repayments), or everyone's (undefined).
 */
export interface BookScope {
  officerId?: number | undefined;
}

/**
 * An officer reads their own book, whatever the query asks; an admin everyone's, or one officer's
 * when the query names one (`officerId`, else `userId`). The specification's client sends the
 * caller's own id with every list call (docs/product.md#roles-in-the-browser): an id naming the caller identifies them and does not
 * narrow an admin's list.
 */
export function bookScope(
  caller: Reader,
  named: { officerId?: number | undefined; userId?: number | undefined } = {},
): BookScope {
  if (!seesWholeBook(caller.role)) return { officerId: caller.id };
  return { officerId: [named.officerId, named.userId].find((id) => id !== undefined && id !== caller.id) };
}

/** Whether a record of `officerId`'s book is the caller's to read. */
export const inBook = (caller: Reader, officerId: number): boolean =>
  seesWholeBook(caller.role) || officerId === caller.id;
