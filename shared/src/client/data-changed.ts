import { createAction } from '@reduxjs/toolkit';

/**
 * Each remote has its own RTK Query api slice, and slices cannot invalidate each other's tags.
 * A mutation that changes data other remotes show dispatches `dataChanged`; every injected api
 * answers it by invalidating the tags it knows (see store.ts). One mechanism, no ad-hoc refetches.
 */
export const DATA_TAGS = [
  'Customer',
  'Application',
  'Loan',
  'Repayment',
  'Product',
  'User',
  'Dashboard',
  'Report',
  'Target',
  'Note',
  'Suspense',
] as const;
export type DataTag = (typeof DATA_TAGS)[number];

export const dataChanged = createAction<{ tags: DataTag[] }>('shared/dataChanged');

/**
 * `onQueryStarted` for a mutation: once it succeeds, tell every api slice what changed.
 * Usage: `onQueryStarted: broadcastChanges(['Loan', 'Dashboard'])`.
 */
export function broadcastChanges(tags: DataTag[]) {
  return async (
    _arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
  ): Promise<void> => {
    try {
      await queryFulfilled;
      dispatch(dataChanged({ tags }));
    } catch {
      // A failed mutation changed nothing.
    }
  };
}
