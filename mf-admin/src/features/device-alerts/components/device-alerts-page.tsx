import { Flex } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { DeviceStatesCard } from './device-states-card';
import { FailingCommandsCard } from './failing-commands-card';

/**
 * Device Alerts (/device-alerts, admins; issue 35): what the device-lock provider did not do as
 * asked. The commands it keeps failing or refused, with a Retry each, and the phones it reported
 * in a state nobody here asked for, each dismissed once dealt with. Each list pages on the server.
 */
export default function DeviceAlertsPage() {
  return (
    <>
      <PageHeader
        title="Device Alerts"
        description="Lock, unlock and release commands the device-lock provider did not carry out, and phones in a state nobody asked for."
      />
      <Flex vertical gap="large">
        <FailingCommandsCard />
        <DeviceStatesCard />
      </Flex>
    </>
  );
}
