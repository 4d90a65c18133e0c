import { createAction } from '@reduxjs/toolkit';

/**
 * Each remote has its own RTK Query api slice, and slices cannot invalidate each other's tags.
 * A mutation declares what it changes with `invalidatesTags`; when it succeeds the shared store
 * dispatches `dataChanged` with those tag names and every other injected api invalidates the tags
 * it knows (see store.ts and create-remote-api.ts). One mechanism, no ad-hoc refetches.
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

/** `from`: the reducer path of the slice whose mutation changed them (it has invalidated them already). */
export const dataChanged = createAction<{ tags: DataTag[]; from?: string }>('shared/dataChanged');
