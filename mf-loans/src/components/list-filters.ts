import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import {
  DEVICE_STATUS_LABELS,
  LOAN_STATUS_LABELS,
  type DeviceStatus,
  type LoanStatus,
} from '@lender/shared/domain/statuses';
import { loanList, type LoanListName } from '@lender/shared/contract/loan-lists';
import { PROMISE_FILTERS, PROMISE_STATUS_LABELS, type PromiseFilter } from '@lender/shared/contract/notes';
import {
  officerFilter,
  productFilter,
  type ListFilter,
  type SelectFilter,
} from '@lender/shared/ui/list-filter-bar.tsx';
import type { ListPageState } from '@lender/shared/ui/use-list-page';
import { useGetFilterOfficersQuery, useGetFilterProductsQuery } from '../api/filter-options-api';
import type { ListQueryArgs } from '../api/loan-lists-api';

/** What a loan list's query takes from its page (useListQuery): the page, and the sort and filters. */
export const loanListArgs = (list: ListPageState) => ({
  page: list.page,
  filters: list.query as ListQueryArgs,
});

/** What a list's rows differ in, so what it can be filtered by (issue 14). */
export interface ListFilterSpec {
  /** The statuses the list holds (a Status filter when given). */
  statuses?: readonly LoanStatus[] | undefined;
  /** The device states the list holds (a Device filter when given). */
  devices?: readonly DeviceStatus[] | undefined;
  /** What the list's date is ('Disbursed', 'Due', 'Submitted'): a date range filter when given. */
  dateLabel?: string | undefined;
  /** The latest promise to pay (the due and defaulted lists). */
  promises?: boolean | undefined;
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
  if (spec.promises) filters.push(PROMISE_FILTER);
  return filters;
}

/** The filters of a loan list (shared/src/contract/loan-lists.ts). */
export function useLoanListFilters(name: LoanListName): ListFilter[] {
  const { statuses, devices, date, promises } = loanList(name).filters;
  return useListFilters({ statuses, devices, dateLabel: date, promises });
}

const PROMISE_FILTER_LABELS: Record<PromiseFilter, string> = {
  none: 'No promise',
  ...PROMISE_STATUS_LABELS,
};

/** The lists' "Promise" filter: any, none, pending, kept or broken (`?promise=broken`). */
const PROMISE_FILTER: SelectFilter = {
  kind: 'select',
  name: 'promise',
  label: 'Promise',
  placeholder: 'Any promise',
  options: PROMISE_FILTERS.map((filter) => ({
    value: filter,
    label:
      filter === 'none'
        ? PROMISE_FILTER_LABELS[filter]
        : `Promise ${PROMISE_FILTER_LABELS[filter].toLowerCase()}`,
  })),
};
