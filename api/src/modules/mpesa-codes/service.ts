/**
 * The M-Pesa code registry (docs/product.md#money-time-and-identifiers): a code is one real-world transaction, so it can be
 * recorded once anywhere (application deposit, disbursement or repayment).
 */
import type { Executor } from '../../db/client';
import { ConflictError } from '../../domain/errors';
import { heldOnlyByRejectedRepayments, insertMpesaCode, type MpesaCodeUse } from './repository';

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
 *
 * One exception: a repayment may take a code whose only repayments were rejected (it was never
 * counted; the code may have been typed on the wrong loan or with the wrong amount). A deposit or
 * a disbursement never reuses a code, nor a repayment one a deposit, disbursement or paybill
 * payment holds.
 */
export async function claimMpesaCode(
  tx: Executor,
  code: string,
  use: MpesaCodePurpose,
  recordedBy: number,
  recordedAt: Date,
): Promise<void> {
  const claimed = await insertMpesaCode(tx, { code, usedFor: USED_FOR[use], recordedBy, recordedAt });
  if (claimed) return;
  if (use === 'repayment' && (await heldOnlyByRejectedRepayments(tx, code))) return;
  throw new ConflictError(`M-Pesa code ${code} has already been used`, 'mpesaCode');
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { insertMpesaCode, lockMpesaCode } from './repository';
