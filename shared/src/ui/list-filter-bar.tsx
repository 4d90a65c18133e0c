import { useId, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Typography } from '@lender/shared/ui/antd';

export interface ListFilterOption {
  value: string;
  label: string;
}

/** A filter chosen from a list (a status, a product, an officer): one URL parameter. */
export interface SelectFilter {
  kind: 'select';
  /** The URL parameter (and the query's): `status`, `productId`, `officerId`. */
  name: string;
  label: string;
  options: ListFilterOption[];
  /**
   * The choice of no filter, e.g. "All officers"; 'All' by default. An option rather than a
   * placeholder, whose grey falls below AA contrast.
   */
  placeholder?: string;
  /** The options are still loading (products, officers). */
  loading?: boolean;
}

/** A range of business dates (YYYY-MM-DD, both ends included): the `from` and `to` parameters. */
export interface DateRangeFilter {
  kind: 'dateRange';
  /** What the dates are, e.g. 'Paid' (the inputs read 'Paid from' and 'Paid to'). */
  label: string;
}

export type ListFilter = SelectFilter | DateRangeFilter;

/** The URL parameters the filters set, in their order on screen. */
export const filterNames = (filters: readonly ListFilter[]): string[] =>
  filters.flatMap((filter) => (filter.kind === 'select' ? [filter.name] : ['from', 'to']));

/** A control with its visible label above it (a label element, so the control is named by it). */
function Labelled({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    // Two to a row on a 390 px phone, up to 260 px each on wider screens.
    <Flex vertical gap={2} style={{ minWidth: 160, flex: '1 1 160px', maxWidth: 260 }}>
      {/* The default text colour: antd's secondary grey falls below AA contrast (axe). */}
      <label htmlFor={id}>
        <Typography.Text>{label}</Typography.Text>
      </label>
      {children}
    </Flex>
  );
}

/**
 * The filters of a list (issue 14), above its table: labelled controls in a row that wraps on a
 * phone, their values in the URL (useListUrlState's filters and setFilters), so a filtered list can
 * be bookmarked and shared, and "Clear filters" while any is set. Dates are the browser's own
 * date inputs: a phone opens its native picker, and each end has a visible label.
 */
export function ListFilterBar({
  filters,
  values,
  onChange,
  label = 'Filters',
}: {
  filters: readonly ListFilter[];
  /** useListUrlState().filters */
  values: Record<string, string>;
  /** useListUrlState().setFilters */
  onChange: (next: Record<string, string | undefined>) => void;
  /** Names the group for screen readers, e.g. "Filter customers". */
  label?: string;
}) {
  const baseId = useId();
  const names = filterNames(filters);
  const anySet = names.some((name) => values[name]);
  return (
    <Flex role="group" aria-label={label} wrap gap="small" align="end">
      {filters.map((filter) => {
        if (filter.kind === 'select') {
          const id = `${baseId}-${filter.name}`;
          return (
            <Labelled key={filter.name} label={filter.label} id={id}>
              <Select
                id={id}
                aria-label={filter.label}
                showSearch
                optionFilterProp="label"
                loading={filter.loading}
                options={[{ value: '', label: filter.placeholder ?? 'All' }, ...filter.options]}
                value={values[filter.name] ?? ''}
                onChange={(value: string) => onChange({ [filter.name]: value || undefined })}
              />
            </Labelled>
          );
        }
        // Each end bounds the other: no range that ends before it starts.
        return (['from', 'to'] as const).map((end) => {
          const id = `${baseId}-${end}`;
          const other = end === 'from' ? values.to : values.from;
          return (
            <Labelled key={end} label={`${filter.label} ${end}`} id={id}>
              <Input
                id={id}
                type="date"
                value={values[end] ?? ''}
                {...(end === 'from' ? { max: other || undefined } : { min: other || undefined })}
                onChange={(event) => onChange({ [end]: event.target.value })}
              />
            </Labelled>
          );
        });
      })}
      {anySet ? (
        <Button onClick={() => onChange(Object.fromEntries(names.map((name) => [name, undefined])))}>
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}

/** A filter choosing one of some named records (officers, products) by id. */
const recordFilter =
  (name: string, label: string, placeholder: string) =>
  (records: readonly { id: number; name: string }[] | undefined, loading: boolean): SelectFilter => ({
    kind: 'select',
    name,
    label,
    placeholder,
    loading,
    options: (records ?? []).map((record) => ({ value: String(record.id), label: record.name })),
  });

/** The Officer filter of an admin's list: every officer by name (GET /api/users/officers). */
export const officerFilter = recordFilter('officerId', 'Officer', 'All officers');

/** The Product filter: every loan product by name (GET /api/loanProducts). */
export const productFilter = recordFilter('productId', 'Product', 'All products');
