import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { anyRow } from '../../db/rows';
import { mpesaCodes, mpesaPayments, repayments, type MPESA_CODE_USES } from '../../db/schema';

export type MpesaCodeUse = (typeof MPESA_CODE_USES)[number];

/**
 * Records a code in the registry. Returns false when the code is already there: ON CONFLICT DO
 * NOTHING keeps a PostgreSQL transaction usable, where a failed insert would abort it.
 */
export async function insertMpesaCode(
  tx: Executor,
  row: { code: string; usedFor: MpesaCodeUse; recordedBy: number | null; recordedAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(mpesaCodes)
    .values(row)
    .onConflictDoNothing({ target: mpesaCodes.code })
    .returning({ code: mpesaCodes.code });
  return inserted.length > 0;
}

/**
 * What `code` was recorded for, its registry row locked (FOR UPDATE) until the transaction ends:
 * two writers deciding on the same code's reuse (a repayment recording it again, M-Pesa's
 * confirmation of it) take turns, and the second sees what the first wrote. Undefined when unknown.
 */
export async function lockMpesaCode(tx: Executor, code: string): Promise<MpesaCodeUse | undefined> {
  const [registered] = await tx
    .select({ usedFor: mpesaCodes.usedFor })
    .from(mpesaCodes)
    .where(eq(mpesaCodes.code, code))
    .for('update');
  return registered?.usedFor;
}

/**
 * Whether `code` is held only by repayments since rejected, its registry row locked (lockMpesaCode):
 * the registry row is a repayment's; at least one repayment has the code and every one is
 * rejected; and no paybill payment carries it (M-Pesa's confirmation of it credits a loan or waits
 * in suspense: recorded again, it would be counted twice).
 */
export async function heldOnlyByRejectedRepayments(tx: Executor, code: string): Promise<boolean> {
  if ((await lockMpesaCode(tx, code)) !== 'repayment') return false;
  const ofCode = eq(repayments.mpesaCode, code);
  if (!(await anyRow(tx, repayments, ofCode))) return false;
  if (await anyRow(tx, mpesaPayments, eq(mpesaPayments.transId, code))) return false;
  return !(await anyRow(tx, repayments, and(ofCode, ne(repayments.status, 'rejected'))));
}
