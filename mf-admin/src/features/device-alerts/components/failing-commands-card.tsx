import { useState } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import { Link } from '@lender/shared/client/router';
import {
  DEVICE_ACTION_LABELS,
  DEVICE_COMMAND_REASON_LABELS,
  DEVICE_COMMAND_STATUS_LABELS,
  FAILING_AFTER_ATTEMPTS,
  type DeviceAction,
  type DeviceCommand,
  type DeviceCommandReason,
  type DeviceCommandStatus,
} from '@lender/shared/contract/device-lock';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatDateTime } from '@lender/shared/domain/date-time';
import { texts } from '@lender/shared/texts';
import { Tag, Typography, type TableColumnsType } from '@lender/shared/ui/antd';
import { PagedTable } from '@lender/shared/ui/paged-table.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useGetFailingCommandsQuery, useRetryDeviceCommandMutation } from '../api/device-alerts-api';
import { SectionCard } from './section-card';

const TITLE = 'Failing commands';

/** Refused by the provider (red) or still being retried by the worker (orange). */
const STATUS_COLOURS: Partial<Record<DeviceCommandStatus, string>> = {
  failed: 'red',
  queued: 'orange',
  sending: 'blue',
};

const commandName = (command: DeviceCommand) =>
  `${DEVICE_ACTION_LABELS[command.action].toLowerCase()} of ${command.account_number}`;

/**
 * The device-lock provider's failing commands (admins): those the worker keeps failing to deliver
 * and those the provider refused, with its answer; Retry sends one again now.
 */
export function FailingCommandsCard() {
  const [page, setPage] = useState(1);
  const { data, error, isFetching, refetch } = useGetFailingCommandsQuery({ page });
  const [retryCommand, retrying] = useRetryDeviceCommandMutation();
  const toastResult = useResultToast();
  const rows = data?.data;

  const retry = async (command: DeviceCommand) => {
    const sent = toastResult(await retryCommand(command.id));
    // The command leaves the list once it is queued again: the last row of a later page is gone.
    if (sent && page > 1 && rows?.length === 1) setPage(page - 1);
  };

  const columns: TableColumnsType<DeviceCommand> = [
    {
      title: 'Loan',
      dataIndex: 'account_number',
      key: 'account_number',
      render: (accountNumber: string, command) => (
        <Link to={appRoutes.viewLoan(command.loan_id)}>{accountNumber}</Link>
      ),
    },
    { title: 'Customer', dataIndex: 'customer_name', key: 'customer_name' },
    {
      title: 'Action',
      dataIndex: 'action',
      key: 'action',
      render: (action: DeviceAction) => DEVICE_ACTION_LABELS[action],
    },
    {
      title: 'Reason',
      dataIndex: 'reason',
      key: 'reason',
      render: (reason: DeviceCommandReason) => DEVICE_COMMAND_REASON_LABELS[reason],
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: DeviceCommandStatus) => (
        <Tag color={STATUS_COLOURS[status]}>{DEVICE_COMMAND_STATUS_LABELS[status]}</Tag>
      ),
    },
    { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
    {
      title: "Provider's answer",
      dataIndex: 'last_error',
      key: 'last_error',
      render: (answer: string | null) =>
        answer ? <Typography.Text style={{ overflowWrap: 'anywhere' }}>{answer}</Typography.Text> : '—',
    },
    {
      title: 'Requested at',
      dataIndex: 'created_at',
      key: 'created_at',
      render: (at: string) => formatDateTime(at),
    },
    actionsColumn<DeviceCommand>((command) => [
      {
        text: 'Retry',
        label: `Retry ${commandName(command)}`,
        loading: retrying.isLoading && retrying.originalArgs === command.id,
        onClick: () => void retry(command),
      },
    ]),
  ];

  return (
    <SectionCard
      title={TITLE}
      description={`Commands the provider refused, or failed to take ${FAILING_AFTER_ATTEMPTS} times or more. Retry sends one again now. Times are Nairobi time.`}
      onRefresh={() => void refetch()}
      refreshing={isFetching}
    >
      <PagedTable<DeviceCommand>
        label={TITLE}
        pagerOf="failing commands"
        columns={columns}
        rows={rows}
        rowKey="id"
        loading={isFetching}
        error={error}
        errorText="The failing commands could not be loaded."
        errorDetail={error ? serverMessage(error, texts.errors.unexpectedTryAgain) : undefined}
        onRetry={() => void refetch()}
        page={page}
        totalPages={data?.meta.totalPages}
        totalEstimated={data?.meta.totalEstimated}
        onPageChange={setPage}
        emptyText="No device command is failing: the provider has taken every command."
      />
    </SectionCard>
  );
}
