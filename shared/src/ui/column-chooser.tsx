import { useCallback, useMemo, useState } from 'react';
import { Button, Checkbox, Flex, Popover, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { SettingOutlined } from '@lender/shared/ui/icons';

/** A column a person may hide or show: its table key, the label of its checkbox, shown at first or not. */
export interface ChoosableColumn {
  key: string;
  label: string;
  /** Hidden until the person shows it (a column that does not fit a laptop by default). */
  hiddenByDefault?: boolean;
}

/** What a list's column chooser offers and where the browser remembers the choice. */
export interface ColumnChoice {
  /** The list's name: the choice is kept per list (localStorage `columns.<list>`). */
  list: string;
  /** The columns the person may hide or show; the others always show. */
  columns: readonly ChoosableColumn[];
}

/** The localStorage key of a list's chosen columns. */
export const columnChoiceKey = (list: string) => `columns.${list}`;

/** The person's choices (column key → shown), as stored; unreadable or missing: none. */
function readChoices(list: string): Record<string, boolean> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(columnChoiceKey(list)) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

/**
 * The columns shown of a list with a column chooser: the person's choices, remembered in this
 * browser per list, over each column's default. A column the person never touched follows its
 * default, so a column added later to a list shows as the list defines it.
 */
export function useColumnChoice<Row>(choice: ColumnChoice | undefined, columns: TableColumnsType<Row>) {
  const list = choice?.list;
  const [choices, setChoices] = useState<Record<string, boolean>>(() => (list ? readChoices(list) : {}));
  const shown = useCallback(
    (column: ChoosableColumn) => choices[column.key] ?? !column.hiddenByDefault,
    [choices],
  );
  const hidden = useMemo(
    () => new Set((choice?.columns ?? []).filter((column) => !shown(column)).map((column) => column.key)),
    [choice, shown],
  );
  const setShown = useCallback(
    (key: string, on: boolean) => {
      if (!list) return;
      setChoices((before) => {
        const next = { ...before, [key]: on };
        try {
          localStorage.setItem(columnChoiceKey(list), JSON.stringify(next));
        } catch {
          /* storage full or refused: the choice holds for this page only */
        }
        return next;
      });
    },
    [list],
  );
  const visible = useMemo(
    () => columns.filter((column) => column.key === undefined || !hidden.has(String(column.key))),
    [columns, hidden],
  );
  return { visible, shown, setShown };
}

/**
 * The header's "Columns" button: a panel of labelled checkboxes, one per column the person may hide
 * or show (docs/product.md#other-loan-lists).
 */
export function ColumnChooser({
  choice,
  title,
  shown,
  setShown,
}: {
  choice: ColumnChoice;
  /** The list's title, which names the button for screen readers ('Columns of Due Today'). */
  title: string;
  shown: (column: ChoosableColumn) => boolean;
  setShown: (key: string, on: boolean) => void;
}) {
  const content = (
    <Flex vertical gap={4} role="group" aria-label={`Columns shown in ${title}`}>
      <Typography.Text type="secondary">Show columns</Typography.Text>
      {choice.columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={shown(column)}
          onChange={(event) => setShown(column.key, event.target.checked)}
        >
          {column.label}
        </Checkbox>
      ))}
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined aria-hidden />} aria-label={`Columns of ${title}`}>
        Columns
      </Button>
    </Popover>
  );
}
