import { useEffect, useState } from 'react';
import { IN_FLIGHT_WINDOW_MS, liveRefreshWhile } from '../client/live-refresh';
import {
  DEVICE_ACTION_LABELS,
  DEVICE_COMMAND_REASON_LABELS,
  DEVICE_COMMAND_STATUS_LABELS,
  type DeviceAction,
  type DeviceCommand,
  type DeviceCommandReason,
  type DeviceCommandStatus,
} from '../contract/device-lock';
import { MESSAGE_STATUS_LABELS, type CustomerMessage, type MessageStatus } from '../contract/messages';
import { formatDateTime } from '../domain/date-time';
import { MESSAGE_KIND_INFO, type MessageKind } from '../domain/message-templates';
import type { DeviceLockState } from '../domain/statuses';
// The federation singleton by its package name (one antd in the page).
import { Tag, Tooltip, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { QueryTable, type QueryTableProps } from './query-table';

/**
 * A loan's or a customer's messages and device commands (issue 35): what the product asked the SMS
 * and device-lock providers to do and how far each has got. The loans and customers remotes show
 * the same tables, each from its own api slice.
 */

/** Not sent yet: the page asks again every few seconds until it is (liveRefreshWhile). */
const IN_FLIGHT: readonly string[] = ['queued', 'sending'];

/** Whether any row of the page is still on its way (queued or sending). */
export const anyInFlight = (rows: readonly { status: string }[] | undefined): boolean =>
  (rows ?? []).some((row) => IN_FLIGHT.includes(row.status));

/** A command was written and the provider has not yet reported the phone's new state. */
export const lockStateRequested = (state: DeviceLockState | null | undefined): boolean =>
  state?.endsWith('_requested') ?? false;

/**
 * The polling options of a page's queries (issue 35): liveRefresh, and every few seconds once
 * `report(true)` said that something the page shows is on its way, until it has arrived or for at
 * most IN_FLIGHT_WINDOW_MS (a provider that is down, or none configured, or a message waiting for
 * the morning, must not keep an open page asking every 3 s). Call `report` in the render, with what
 * the queries answered (their options take effect at once).
 */
export function useInFlightRefresh() {
  const [inFlight, setInFlight] = useState(false);
  const [expired, setExpired] = useState(false);
  const report = (now: boolean): void => {
    // Derived from the answers, kept for the next render's options (React's "adjust state while
    // rendering": it renders again before painting).
    if (now === inFlight) return;
    setInFlight(now);
    if (!now) setExpired(false);
  };
  useEffect(() => {
    if (!inFlight) return undefined;
    const timer = setTimeout(() => setExpired(true), IN_FLIGHT_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [inFlight]);
  return { refresh: liveRefreshWhile(inFlight && !expired), report };
}

const MESSAGE_STATUS_COLOURS: Record<MessageStatus, string | undefined> = {
  queued: 'orange',
  sending: 'blue',
  sent: 'cyan',
  delivered: 'green',
  failed: 'red',
};

const COMMAND_STATUS_COLOURS: Record<DeviceCommandStatus, string | undefined> = {
  queued: 'orange',
  sending: 'blue',
  sent: 'cyan',
  confirmed: 'green',
  failed: 'red',
  superseded: undefined,
};

/** Read by screen readers only: what the tooltip says to a pointer. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const wrapping = (value: string | null) =>
  value ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>{value}</Typography.Text> : '—';

/** A message's status, with why it failed in its tooltip (and for screen readers in the cell). */
function MessageStatusTag({ message }: { message: CustomerMessage }) {
  const tag = (
    <Tag color={MESSAGE_STATUS_COLOURS[message.status]}>
      {MESSAGE_STATUS_LABELS[message.status]}
      {message.failure_reason ? <span style={VISUALLY_HIDDEN}>: {message.failure_reason}</span> : null}
    </Tag>
  );
  return message.failure_reason ? <Tooltip title={message.failure_reason}>{tag}</Tooltip> : tag;
}

const MESSAGE_COLUMNS: TableColumnsType<CustomerMessage> = [
  {
    title: 'Sent',
    dataIndex: 'sent_at',
    key: 'sent_at',
    // Until it is sent, when it was written.
    render: (sentAt: string | null, message) => formatDateTime(sentAt ?? message.created_at),
  },
  {
    title: 'Kind',
    dataIndex: 'kind',
    key: 'kind',
    render: (kind: MessageKind) => MESSAGE_KIND_INFO[kind].label,
  },
  {
    title: 'Text',
    dataIndex: 'text',
    key: 'text',
    render: (text: string) => (
      <Typography.Text style={{ display: 'block', minWidth: 200, overflowWrap: 'anywhere' }}>
        {text}
      </Typography.Text>
    ),
  },
  { title: 'Parts', dataIndex: 'parts', key: 'parts', align: 'right' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (_: MessageStatus, message) => <MessageStatusTag message={message} />,
  },
  { title: 'Cost', dataIndex: 'cost', key: 'cost', render: (cost: string | null) => cost ?? '—' },
];

type DeviceCommandColumn = TableColumnsType<DeviceCommand>[number];

/** A device command's columns, for its loan's table and the admins' failing commands. */
export const DEVICE_COMMAND_COLUMN = {
  requested: (title: string): DeviceCommandColumn => ({
    title,
    dataIndex: 'created_at',
    key: 'created_at',
    render: (at: string) => formatDateTime(at),
  }),
  action: {
    title: 'Action',
    dataIndex: 'action',
    key: 'action',
    render: (action: DeviceAction) => DEVICE_ACTION_LABELS[action],
  },
  reason: {
    title: 'Reason',
    dataIndex: 'reason',
    key: 'reason',
    render: (reason: DeviceCommandReason) => DEVICE_COMMAND_REASON_LABELS[reason],
  },
  status: {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: DeviceCommandStatus) => (
      <Tag color={COMMAND_STATUS_COLOURS[status]}>{DEVICE_COMMAND_STATUS_LABELS[status]}</Tag>
    ),
  },
  attempts: { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
  /** The provider's last answer to it. */
  answer: (title: string): DeviceCommandColumn => ({
    title,
    dataIndex: 'last_error',
    key: 'last_error',
    render: wrapping,
  }),
} satisfies Record<string, DeviceCommandColumn | ((title: string) => DeviceCommandColumn)>;

const DEVICE_COMMAND_COLUMNS: TableColumnsType<DeviceCommand> = [
  DEVICE_COMMAND_COLUMN.requested('Requested'),
  DEVICE_COMMAND_COLUMN.action,
  DEVICE_COMMAND_COLUMN.reason,
  DEVICE_COMMAND_COLUMN.status,
  DEVICE_COMMAND_COLUMN.attempts,
  DEVICE_COMMAND_COLUMN.answer('Last error'),
];

type OutboxTableProps<Row> = Pick<QueryTableProps<Row>, 'query' | 'page' | 'onPageChange'>;

/** The messages sent (or on their way) to the customer, newest first: one server page. */
export function MessagesTable(props: OutboxTableProps<CustomerMessage>) {
  return (
    <QueryTable<CustomerMessage>
      {...props}
      // Both tables are on one page: their Previous/Next are told apart. The page polls while
      // something is on its way: the same page refetches quietly.
      pagerOf="messages"
      rowKey="id"
      quietRefetch
      columns={MESSAGE_COLUMNS}
      label="Messages"
      errorText="The messages could not be loaded."
      emptyText="No messages yet."
    />
  );
}

/** The commands sent (or on their way) to the device-lock provider, newest first: one server page. */
export function DeviceCommandsTable(props: OutboxTableProps<DeviceCommand>) {
  return (
    <QueryTable<DeviceCommand>
      {...props}
      pagerOf="device commands"
      rowKey="id"
      quietRefetch
      columns={DEVICE_COMMAND_COLUMNS}
      label="Device commands"
      errorText="The device commands could not be loaded."
      emptyText="No device commands yet."
    />
  );
}
