import { seesWholeBook } from '../domain/book-scope';
import { readSession } from '@lender/shared/client/session-storage';

/**
 * Whether the signed-in user reads every officer's book (the shared scope rule): the lists then
 * offer the Officer filter. An officer's list is their book whatever is asked. Reads the stored
 * session at render, as useCan does: a new sign-in remounts every page.
 */
export function useSeesWholeBook(): boolean {
  return seesWholeBook(readSession()?.user.role);
}
