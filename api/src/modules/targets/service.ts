/**
 * Monthly targets (issue 5): a disbursement and a collection target per month, company-wide
 * (officer_id null) and per officer. Admins read and set them; an officer reads their own.
 */
import type { PutTargetsRequest, Target } from '@lender/shared/contract/targets';
import type { Executor } from '../../db/client';
import { ValidationError } from '../../domain/errors';
import { formatCents, toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import { seesWholeBook } from '@lender/shared/domain/book-scope';
import type { Caller } from '../../plugins/auth';
import type { ServiceContext } from '../service-context';
import {
  lockTargetSaves,
  monthTargetRows,
  officerIdsAmong,
  staffByName,
  upsertTarget,
  type TargetKind,
} from './repository';

/** A month's targets as rows of the page: 0 where none is set. */
async function targetsOf(db: Executor, year: number, month: number) {
  const rows = await monthTargetRows(db, year, month);
  const amount = (officerId: number | null, kind: TargetKind) => {
    const row = rows.find((r) => r.officerId === officerId && r.kind === kind);
    return row ? toMoneyNumber(toCents(row.amount)) : 0;
  };
  return (officerId: number | null, name: string | null): Target => ({
    officer_id: officerId,
    officer_name: name,
    month,
    year,
    disbursement_target: amount(officerId, 'disbursement'),
    collection_target: amount(officerId, 'collection'),
  });
}

/** Admins: the company-wide row first, then every officer's; an officer: their own row only. */
export async function listTargets(
  db: Executor,
  caller: Caller,
  year: number,
  month: number,
): Promise<Target[]> {
  const wholeBook = seesWholeBook(caller.role);
  const officers = await staffByName(db, wholeBook ? { officers: true } : { id: caller.id });
  const rowOf = await targetsOf(db, year, month);
  const officerRows = officers.map((o) => rowOf(o.id, `${o.firstName} ${o.lastName}`));
  return wholeBook ? [rowOf(null, null), ...officerRows] : officerRows;
}

/** Sets the listed targets of the month in one transaction, with an audit entry each. */
export async function putTargets(
  ctx: ServiceContext,
  caller: Caller,
  year: number,
  month: number,
  body: PutTargetsRequest,
): Promise<Target[]> {
  const officerIds = body.targets.map((t) => t.officerId).filter((id): id is number => id !== null);
  await ctx.db.transaction(async (tx) => {
    await lockTargetSaves(tx);
    const known = await officerIdsAmong(tx, officerIds);
    const unknown = officerIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw ValidationError.field('targets', `Unknown officer: ${unknown.join(', ')}`);
    }
    const now = ctx.clock.now();
    for (const input of body.targets) {
      for (const [kind, value] of [
        ['disbursement', input.disbursementTarget],
        ['collection', input.collectionTarget],
      ] as const) {
        const amount = formatCents(toCents(value));
        const before = await upsertTarget(
          tx,
          { officerId: input.officerId, year, month, kind },
          { amount, setBy: caller.id, updatedAt: now },
        );
        await ctx.audit.record(tx, {
          actorId: caller.id,
          action: 'target.set',
          entity: 'monthly_target',
          entityId: `${input.officerId ?? 'company'}:${year}-${month}:${kind}`,
          before: before ? { amount: before.amount } : null,
          after: { amount },
        });
      }
    }
  });
  return listTargets(ctx.db, caller, year, month);
}

// What other modules use of this module's repository, offered here (modules are sealed: another
// module imports a service, never a repository; api/src/modules/README.md).
export { sumTargets, type TargetKind } from './repository';
