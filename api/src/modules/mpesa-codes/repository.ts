import type { Executor } from '../../db/client';
import { mpesaCodes, type MPESA_CODE_USES } from '../../db/schema';

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
