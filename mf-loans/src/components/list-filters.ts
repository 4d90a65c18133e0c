import { readSession } from '@lender/shared/client/session';
import {
  DEVICE_STATUS_LABELS,
  LOAN_STATUS_LABELS,
  type DeviceStatus,
  type LoanStatus,
} from '@lender/shared/domain/statuses';
import { officerFilter, productFilter, type ListFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { useGetFilterOfficersQuery, useGetFilterProductsQuery } from '../api/filter-options-api';

/** A list's sort and filters as its query sends them (useListUrlState().queryArgs). */
export type ListQueryArgs = Partial<Record<string, string>>;

/** What a list's rows differ in, so what it can be filtered by (issue 14). */
export interface ListFilterSpec {
  /** The statuses the list holds (a Status filter when given). */
  statuses?: readonly LoanStatus[];
  /** The device states the list holds (a Device filter when given). */
  devices?: readonly DeviceStatus[];
  /** What the list's date is ('Disbursed', 'Due', 'Submitted'): a date range filter when given. */
  dateLabel?: string;
}

/**
 * The filters of a list: its status and device when its rows differ in them, the product, the
 * officer for admins only (officers see their own book: the server ignores the filter for them,
 * and their browser never asks for the officers) and its date range.
 */
export function useListFilters(spec: ListFilterSpec): ListFilter[] {
  const admin = readSession()?.user.role === 'admin';
  const products = useGetFilterProductsQuery();
  const officers = useGetFilterOfficersQuery(undefined, { skip: !admin });
  const filters: ListFilter[] = [];
  if (spec.statuses) {
    filters.push({
      kind: 'select',
      name: 'status',
      label: 'Status',
      options: spec.statuses.map((status) => ({ value: status, label: LOAN_STATUS_LABELS[status] })),
    });
  }
  if (spec.devices) {
    filters.push({
      kind: 'select',
      name: 'device',
      label: 'Device',
      options: spec.devices.map((device) => ({ value: device, label: DEVICE_STATUS_LABELS[device] })),
    });
  }
  filters.push(productFilter(products.data, products.isLoading));
  if (admin) filters.push(officerFilter(officers.data, officers.isLoading));
  if (spec.dateLabel) filters.push({ kind: 'dateRange', label: spec.dateLabel });
  return filters;
}
