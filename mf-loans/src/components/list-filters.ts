import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import {
  DEVICE_STATUS_LABELS,
  LOAN_STATUS_LABELS,
  type DeviceStatus,
  type LoanStatus,
} from '@lender/shared/domain/statuses';
import { officerFilter, productFilter, type ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useGetFilterOfficersQuery, useGetFilterProductsQuery } from '../api/filter-options-api';

/** A list's sort and filters as its query sends them (useListUrlState().queryArgs). */
export type ListQueryArgs = Partial<Record<string, string>>;

/** What a loan list's query takes from its page (useListQuery): the page, and the sort and filters. */
export const loanListArgs = (list: ListPageState) => ({ page: list.page, filters: list.query });

/** What a list's rows differ in, so what it can be filtered by (issue 14). */
export interface ListFilterSpec {
  /** The statuses the list holds (a Status filter when given). */
  statuses?: readonly LoanStatus[];
  /** The device states the list holds (a Device filter when given). */
  devices?: readonly DeviceStatus[];
  /** What the list's date is ('Disbursed', 'Due', 'Submitted'): a date range filter when given. */
  dateLabel?: string;
}

/** A select filter (URL parameter `name`) offering the given values by their labels. */
const selectFilter = <Value extends string>(
  name: string,
  label: string,
  values: readonly Value[],
  labels: Record<Value, string>,
): ListFilter => ({
  kind: 'select',
  name,
  label,
  options: values.map((value) => ({ value, label: labels[value] })),
});

/**
 * The filters of a list: its status and device when its rows differ in them, the product, the
 * officer for admins only (officers see their own book: the server ignores the filter for them,
 * and their browser never asks for the officers) and its date range.
 */
export function useListFilters(spec: ListFilterSpec): ListFilter[] {
  const admin = useSeesWholeBook();
  const products = useGetFilterProductsQuery();
  const officers = useGetFilterOfficersQuery(undefined, { skip: !admin });
  const filters: ListFilter[] = [];
  if (spec.statuses) filters.push(selectFilter('status', 'Status', spec.statuses, LOAN_STATUS_LABELS));
  if (spec.devices) filters.push(selectFilter('device', 'Device', spec.devices, DEVICE_STATUS_LABELS));
  filters.push(productFilter(products.data, products.isLoading));
  if (admin) filters.push(officerFilter(officers.data, officers.isLoading));
  if (spec.dateLabel) filters.push({ kind: 'dateRange', label: spec.dateLabel });
  return filters;
}
