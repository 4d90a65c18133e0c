import type { FastifyBaseLogger } from 'fastify';
import type { BatchDecisionResult } from '@lender/shared/contract/batch-decisions';
import { DomainError } from '../domain/errors';
import { databaseRefusal } from '../plugins/error-handler';

/** What an item whose decision failed for a reason of the server's own says. */
export const BATCH_ITEM_FAILED = 'An unexpected error occurred; try this one again';

/**
 * Decides each item of a batch (issue 34) on its own, one after the other: `decide` is the single
 * decision's service call, which runs its own short transaction, so an item refused (404, 409, a
 * code already used) or failing leaves the others as they are, and no transaction holds more than
 * one item. Answers every item's outcome in the order given: the success message, or the refusal's
 * reason (a server fault is logged and said as BATCH_ITEM_FAILED).
 */
export async function decideEach<Item>(
  items: readonly Item[],
  idOf: (item: Item) => number,
  decide: (item: Item) => Promise<string>,
  log: FastifyBaseLogger,
): Promise<BatchDecisionResult[]> {
  const results: BatchDecisionResult[] = [];
  for (const item of items) {
    const id = idOf(item);
    try {
      results.push({ id, ok: true, message: await decide(item) });
    } catch (error) {
      if (error instanceof DomainError) {
        results.push({ id, ok: false, message: error.message });
        continue;
      }
      const refusal = databaseRefusal(error);
      if (refusal) {
        log.warn({ err: error, id }, 'Batch item refused by the database');
        results.push({ id, ok: false, message: refusal.message });
        continue;
      }
      log.error({ err: error, id }, 'Batch item failed');
      results.push({ id, ok: false, message: BATCH_ITEM_FAILED });
    }
  }
  return results;
}

/** The summary every batch route's OpenAPI entry ends with. */
export const BATCH_NOTE = `Each item is decided on its own, in its own transaction, by the single decision's rules (exactly once: an item already decided is refused with its reason); the answer lists every item's outcome in the order asked. 1 to 100 distinct ids.`;
