import { useId, type CSSProperties } from 'react';
import { Button, DatePicker, Flex, Select, dayjs, theme } from './antd';

/** A filter chosen from a list (a status, a product, an officer): one URL parameter. */
export interface SelectFilter {
  kind: 'select';
  /** The URL parameter (and the query's): `status`, `productId`, `officerId`. */
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** The options are still loading (products, officers). */
  loading?: boolean;
}

/** A range of business dates (YYYY-MM-DD, both ends included): the `from` and `to` parameters. */
export interface DateRangeFilter {
  kind: 'dateRange';
  /** What the dates are, e.g. 'Disbursed' (the inputs read 'Disbursed from' and 'Disbursed to'). */
  label: string;
}

export type ListFilter = SelectFilter | DateRangeFilter;

const DAY = 'YYYY-MM-DD';

/** The URL parameters a filter sets. */
const namesOf = (filter: ListFilter): string[] => (filter.kind === 'select' ? [filter.name] : ['from', 'to']);

/** Read by screen readers only: the range's second input needs a name of its own. */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A date of the URL as the picker's value, or null when absent or not a date. */
const dayOf = (value: string | undefined) => {
  if (!value) return null;
  const day = dayjs(value, DAY);
  return day.isValid() ? day : null;
};

/**
 * The filters of a list (issue 14), above its table: each control labelled, in a wrapping row that
 * fits a phone (390 px), their values in the URL (useListUrlState's filters and setFilters), so a
 * filtered list can be bookmarked and shared. "Clear filters" appears once any is set.
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
  /** The accessible name of the group of controls. */
  label?: string;
}) {
  const id = useId();
  const { token } = theme.useToken();
  // antd draws a select's placeholder at 25% (1.8:1, below AA); the secondary text colour reads.
  const placeholder = <span style={{ color: token.colorTextSecondary }}>All</span>;
  const names = filters.flatMap(namesOf);
  const anySet = names.some((name) => Boolean(values[name]));
  return (
    <Flex role="group" aria-label={label} wrap gap="middle" align="end">
      {filters.map((filter) => {
        if (filter.kind === 'select') {
          const inputId = `${id}-${filter.name}`;
          return (
            <Flex key={filter.name} vertical gap={4} style={{ minWidth: 0 }}>
              <label htmlFor={inputId}>{filter.label}</label>
              <Select
                id={inputId}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={placeholder}
                loading={filter.loading}
                value={values[filter.name] || undefined}
                options={filter.options}
                onChange={(value: string | undefined) => onChange({ [filter.name]: value })}
                style={{ width: 200, maxWidth: '100%' }}
              />
            </Flex>
          );
        }
        const from = `${id}-from`;
        const to = `${id}-to`;
        return (
          <Flex key="dateRange" vertical gap={4} style={{ minWidth: 0 }}>
            <label htmlFor={from}>
              {filter.label}
              <span style={VISUALLY_HIDDEN}> from</span>
            </label>
            <label htmlFor={to} style={VISUALLY_HIDDEN}>
              {`${filter.label} to`}
            </label>
            <DatePicker.RangePicker
              id={{ start: from, end: to }}
              format={DAY}
              placeholder={['From', 'To']}
              allowEmpty={[true, true]}
              value={[dayOf(values.from), dayOf(values.to)]}
              onChange={(dates) =>
                onChange({
                  from: dates?.[0]?.format(DAY),
                  to: dates?.[1]?.format(DAY),
                })
              }
              style={{ width: 260, maxWidth: '100%' }}
            />
          </Flex>
        );
      })}
      {anySet ? (
        <Button onClick={() => onChange(Object.fromEntries(names.map((name) => [name, undefined])))}>
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}
