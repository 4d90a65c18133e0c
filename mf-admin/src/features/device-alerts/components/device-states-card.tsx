import { useState } from 'react';
import { Link } from '@lender/shared/client/router';
import type { DeviceAlert } from '@lender/shared/contract/device-lock';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatDateTime } from '@lender/shared/domain/date-time';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import { pageAfterRemoval, QueryTableCard } from '@lender/shared/ui/query-table.tsx';
import { actionsColumn } from '@lender/shared/ui/row-actions.tsx';
import { useConfirm } from '@lender/shared/ui/use-confirm.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useDismissDeviceAlertMutation, useGetDeviceAlertsQuery } from '../api/device-alerts-api';

const TITLE = 'Unexpected device states';

/**
 * Phones the device-lock provider reported in a state the product did not ask for (unlocked by
 * hand at the provider's console, locked by nobody here): an admin looks into each, then
 * dismisses its alert.
 */
export function DeviceStatesCard() {
  const [page, setPage] = useState(1);
  const query = useGetDeviceAlertsQuery({ page });
  const [dismissAlert, dismissing] = useDismissDeviceAlertMutation();
  const toastResult = useResultToast();
  const confirm = useConfirm();

  const confirmDismiss = (alert: DeviceAlert) =>
    confirm({
      title: 'Dismiss this device alert?',
      question: 'Do this once you have dealt with the phone: the alert leaves this list.',
      facts: [
        { label: 'Loan', value: alert.account_number },
        { label: 'Customer', value: alert.customer_name },
        { label: 'Alert', value: alert.alert },
      ],
      okText: 'Dismiss',
      onOk: async () => {
        const dismissed = toastResult(await dismissAlert(alert.loan_id));
        if (dismissed) setPage(pageAfterRemoval(page, query.data?.data.length ?? 0));
      },
    });

  const columns: TableColumnsType<DeviceAlert> = [
    {
      title: 'Loan',
      dataIndex: 'account_number',
      key: 'account_number',
      render: (accountNumber: string, alert) => (
        <Link to={appRoutes.viewLoan(alert.loan_id)}>{accountNumber}</Link>
      ),
    },
    { title: 'Customer', dataIndex: 'customer_name', key: 'customer_name' },
    { title: 'IMEI', dataIndex: 'device_uid', key: 'device_uid' },
    { title: 'Alert', dataIndex: 'alert', key: 'alert' },
    { title: 'Since', dataIndex: 'alert_at', key: 'alert_at', render: (at: string) => formatDateTime(at) },
    actionsColumn<DeviceAlert>((alert) => [
      {
        text: 'Dismiss',
        label: `Dismiss alert of ${alert.account_number}`,
        loading: dismissing.isLoading && dismissing.originalArgs === alert.loan_id,
        onClick: () => confirmDismiss(alert),
      },
    ]),
  ];

  return (
    <QueryTableCard<DeviceAlert>
      title={TITLE}
      description="Phones the provider reported in a state the product did not ask for. Dismiss an alert once the phone is dealt with."
      query={query}
      page={page}
      onPageChange={setPage}
      pagerOf="unexpected device states"
      columns={columns}
      rowKey="loan_id"
      errorText="The unexpected device states could not be loaded."
      emptyText="No phone is in a state the product did not ask for."
    />
  );
}
