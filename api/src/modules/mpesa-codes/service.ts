/**
 * The M-Pesa code registry (docs/product.md#money-time-and-identifiers): a code is one real-world transaction, so it can be
 * recorded once anywhere (application deposit, disbursement or repayment).
 */
import type { Executor } from '../../db/client';
import { ConflictError } from '../../domain/errors';
import { insertMpesaCode, type MpesaCodeUse } from './repository';

export type MpesaCodePurpose = 'deposit' | 'disbursement' | 'repayment';

const USED_FOR: Record<MpesaCodePurpose, MpesaCodeUse> = {
  deposit: 'application_deposit',
  disbursement: 'disbursement',
  repayment: 'repayment',
};

/**
 * Claims `code` for `use` inside the caller's transaction, before the row that references it is
 * inserted. Throws ConflictError (409) naming the code when it has been recorded before, by this
 * or any other use; the caller's transaction stays usable (the insert does not fail), so rolling
 * back is up to the thrown error reaching the transaction callback. The code must already be in
 * the canonical form (trimmed, upper case: the contract's validator produces it).
 */
export async function claimMpesaCode(
  tx: Executor,
  code: string,
  use: MpesaCodePurpose,
  recordedBy: number,
  recordedAt: Date,
): Promise<void> {
  const claimed = await insertMpesaCode(tx, { code, usedFor: USED_FOR[use], recordedBy, recordedAt });
  if (!claimed) throw new ConflictError(`M-Pesa code ${code} has already been used`, 'mpesaCode');
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { insertMpesaCode } from './repository';
