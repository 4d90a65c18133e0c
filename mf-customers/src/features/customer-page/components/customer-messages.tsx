import { useState } from 'react';
import { useCan } from '@lender/shared/client/use-can';
import type { Customer } from '@lender/shared/contract/customers';
import { Flex, Switch, Typography } from '@lender/shared/ui/antd';
import {
  anyInFlight,
  DeviceCommandsTable,
  MessagesTable,
  useInFlightRefresh,
} from '@lender/shared/ui/outbox-tables.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import {
  useGetCustomerDeviceCommandsQuery,
  useGetCustomerMessagesQuery,
  useSetCustomerRemindersMutation,
} from '../api/customer-page-api';

/** Whether the customer receives reminders (checked) or opted out of them; receipts go regardless. */
function RemindersSwitch({ customer }: { customer: Pick<Customer, 'id' | 'reminders_opt_out'> }) {
  const mayChange = useCan('customers.reminders');
  const [setReminders, { isLoading }] = useSetCustomerRemindersMutation();
  const toastResult = useResultToast();
  return (
    <Flex gap="small" align="center" wrap>
      <Switch
        id="customer-reminders"
        checked={!customer.reminders_opt_out}
        loading={isLoading}
        disabled={!mayChange}
        aria-describedby="customer-reminders-note"
        onChange={(checked) =>
          void setReminders({ customerId: customer.id, opted_out: !checked }).then(toastResult)
        }
      />
      <label htmlFor="customer-reminders">Reminders</label>
      <Typography.Text type="secondary" id="customer-reminders-note">
        Receipts and confirmations are always sent.
      </Typography.Text>
    </Flex>
  );
}

/**
 * The customer's messages (issue 35), one server page at a time, with their reminders choice
 * above; refreshed on their own, every few seconds while one is on its way.
 */
export function CustomerMessages({ customer }: { customer: Pick<Customer, 'id' | 'reminders_opt_out'> }) {
  const [page, setPage] = useState(1);
  const { refresh, report } = useInFlightRefresh();
  const query = useGetCustomerMessagesQuery({ customerId: customer.id, page }, refresh);
  report(anyInFlight(query.currentData?.data));
  return (
    <Flex vertical gap="middle">
      <RemindersSwitch customer={customer} />
      <MessagesTable query={query} page={page} onPageChange={setPage} />
    </Flex>
  );
}

/** What the device-lock provider was asked about the customer's phones, refreshed on its own. */
export function CustomerDeviceCommands({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const { refresh, report } = useInFlightRefresh();
  const query = useGetCustomerDeviceCommandsQuery({ customerId, page }, refresh);
  report(anyInFlight(query.currentData?.data));
  return <DeviceCommandsTable query={query} page={page} onPageChange={setPage} />;
}
