import { useState } from 'react';
import { Link } from '@lender/shared/client/router';
import {
  DEVICE_ACTION_LABELS,
  FAILING_AFTER_ATTEMPTS,
  type DeviceCommand,
} from '@lender/shared/contract/device-lock';
import { appRoutes } from '@lender/shared/contract/routes';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { DEVICE_COMMAND_COLUMN } from '@lender/shared/ui/outbox-tables.tsx';
import { pageAfterRemoval, QueryTableCard } from '@lender/shared/ui/query-table.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useGetFailingCommandsQuery, useRetryDeviceCommandMutation } from '../api/device-alerts-api';

const TITLE = 'Failing commands';

const commandName = (command: DeviceCommand) =>
  `${DEVICE_ACTION_LABELS[command.action].toLowerCase()} of ${command.account_number}`;

/**
 * The device-lock provider's failing commands (admins): those the worker keeps failing to deliver
 * and those the provider refused, with its answer; Retry sends one again now.
 */
export function FailingCommandsCard() {
  const [page, setPage] = useState(1);
  const query = useGetFailingCommandsQuery({ page });
  const [retryCommand, retrying] = useRetryDeviceCommandMutation();
  const toastResult = useResultToast();

  const retry = async (command: DeviceCommand) => {
    const sent = toastResult(await retryCommand(command.id));
    // The command leaves the list once it is queued again.
    if (sent) setPage(pageAfterRemoval(page, query.data?.data.length ?? 0));
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
    DEVICE_COMMAND_COLUMN.action,
    DEVICE_COMMAND_COLUMN.reason,
    DEVICE_COMMAND_COLUMN.status,
    DEVICE_COMMAND_COLUMN.attempts,
    DEVICE_COMMAND_COLUMN.answer("Provider's answer"),
    DEVICE_COMMAND_COLUMN.requested('Requested at'),
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
    <QueryTableCard<DeviceCommand>
      title={TITLE}
      description={`Commands the provider refused, or failed to take ${FAILING_AFTER_ATTEMPTS} times or more. Retry sends one again now. Times are Nairobi time.`}
      query={query}
      page={page}
      onPageChange={setPage}
      pagerOf="failing commands"
      columns={columns}
      rowKey="id"
      errorText="The failing commands could not be loaded."
      emptyText="No device command is failing: the provider has taken every command."
    />
  );
}
