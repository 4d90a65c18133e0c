import { useCan } from '@lender/shared/client/use-can';
import { Card, Tabs } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { CostsPanel } from './costs-panel';
import { SettingsPanel } from './settings-panel';
import { TemplatesPanel } from './templates-panel';

/**
 * Messaging (/messaging, admins; issue 35): the SMS templates with a live preview of each, the
 * lender's messaging and automatic-lock settings, and what the SMS cost month by month. Each tab
 * asks for its data when it is first opened.
 */
export default function MessagingPage() {
  const maySetSettings = useCan('settings.edit');
  const maySeeCosts = useCan('messages.costs');
  const tabs = [
    { key: 'templates', label: 'Templates', children: <TemplatesPanel /> },
    ...(maySetSettings ? [{ key: 'settings', label: 'Settings', children: <SettingsPanel /> }] : []),
    ...(maySeeCosts ? [{ key: 'costs', label: 'SMS cost by month', children: <CostsPanel /> }] : []),
  ];

  return (
    <>
      <PageHeader
        title="Messaging"
        description="The SMS the lender sends its customers, when they go out, and what they cost."
      />
      <Card>
        <Tabs items={tabs} />
      </Card>
    </>
  );
}
