import { useId, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Typography } from './antd';

export interface ListFilterOption {
  value: string;
  label: string;
}

/** One filter of a list: a choice among options, or a range of days (two URL parameters). */
export type ListFilter =
  | {
      kind: 'select';
      /** The URL parameter (and the server's query parameter). */
      name: string;
      label: string;
      options: ListFilterOption[];
      /** The choice of no filter, e.g. "All officers" (an option, not a placeholder, whose grey fails contrast). */
      placeholder: string;
      loading?: boolean;
    }
  | {
      kind: 'dateRange';
      /** The URL parameters of the first and last day (YYYY-MM-DD), e.g. from and to. */
      from: string;
      to: string;
      /** Labels of the two day inputs, e.g. "Paid from" and "Paid to". */
      fromLabel: string;
      toLabel: string;
    };

const namesOf = (filter: ListFilter) => (filter.kind === 'select' ? [filter.name] : [filter.from, filter.to]);

/** A control with its visible label above it (a label element, so the control is named by it). */
function Labelled({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
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
 * phone, their values in the URL (useListUrlState's filters and setFilters), and "Clear filters"
 * while any is set.
 */
export function ListFiltersBar({
  label,
  filters,
  values,
  onChange,
}: {
  /** Names the group for screen readers, e.g. "Filter customers". */
  label: string;
  filters: ListFilter[];
  values: Record<string, string>;
  onChange: (next: Record<string, string | undefined>) => void;
}) {
  const baseId = useId();
  const names = filters.flatMap(namesOf);
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
                options={[{ value: '', label: filter.placeholder }, ...filter.options]}
                value={values[filter.name] ?? ''}
                onChange={(value: string) => onChange({ [filter.name]: value || undefined })}
              />
            </Labelled>
          );
        }
        const fromId = `${baseId}-${filter.from}`;
        const toId = `${baseId}-${filter.to}`;
        return [
          <Labelled key={filter.from} label={filter.fromLabel} id={fromId}>
            <Input
              id={fromId}
              type="date"
              value={values[filter.from] ?? ''}
              max={values[filter.to] || undefined}
              onChange={(event) => onChange({ [filter.from]: event.target.value })}
            />
          </Labelled>,
          <Labelled key={filter.to} label={filter.toLabel} id={toId}>
            <Input
              id={toId}
              type="date"
              value={values[filter.to] ?? ''}
              min={values[filter.from] || undefined}
              onChange={(event) => onChange({ [filter.to]: event.target.value })}
            />
          </Labelled>,
        ];
      })}
      {anySet ? (
        <Button onClick={() => onChange(Object.fromEntries(names.map((name) => [name, undefined])))}>
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
}

/** The query string of an export: the list's filters, search and sort as on screen. */
export function exportQuery(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
