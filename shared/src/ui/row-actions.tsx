import type { ReactNode } from 'react';
import { Button, Space, Tooltip, type TableColumnsType } from '@lender/shared/ui/antd';

/** One button of a list row's actions. */
export interface RowAction {
  /** The button's visible word ('View'). */
  text: string;
  /** Its accessible name, which names the row ('View Jane Doe'). */
  label: string;
  onClick: () => void;
  primary?: boolean;
  danger?: boolean;
  icon?: ReactNode;
  loading?: boolean;
  /**
   * Why the button is disabled (it is, when this is set): shown on hover and read as the button's
   * description, so that the reason is given beforehand.
   */
  disabledReason?: string | undefined;
}

/** An action a row does not offer (not allowed, not in this state) is left out as false or null. */
export type RowActionList = (RowAction | false | null | undefined)[];

function RowActionButton({ action }: { action: RowAction }) {
  const button = (
    <Button
      size="small"
      type={action.primary ? 'primary' : undefined}
      danger={action.danger}
      icon={action.icon}
      aria-label={action.label}
      aria-description={action.disabledReason}
      disabled={action.disabledReason !== undefined}
      loading={action.loading}
      onClick={action.onClick}
    >
      {action.text}
    </Button>
  );
  if (action.disabledReason === undefined) return button;
  // A disabled button gets no mouse events: the span carries the tooltip.
  return (
    <Tooltip title={action.disabledReason}>
      <span style={{ display: 'inline-block' }}>{button}</span>
    </Tooltip>
  );
}

/** A row's actions: small buttons side by side, each named after the row. */
export function RowActions({ actions }: { actions: RowActionList }) {
  return (
    // Wraps onto a second line in a narrow column (a list fitted to the page) rather than widening it.
    <Space size="small" wrap>
      {actions.map((action) => (action ? <RowActionButton key={action.text} action={action} /> : null))}
    </Space>
  );
}

/**
 * The Actions column of a list (keyed 'actions', so PagedTable pins it right and puts it at the
 * bottom of a phone's card): the buttons `actionsOf` gives for each row.
 */
export function actionsColumn<Row>(actionsOf: (row: Row) => RowActionList): TableColumnsType<Row>[number] {
  return {
    title: 'Actions',
    key: 'actions',
    render: (_: unknown, row: Row) => <RowActions actions={actionsOf(row)} />,
  };
}
