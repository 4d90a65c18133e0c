import { useState } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import { lenderSettingsSchema, type LenderSettings } from '@lender/shared/contract/messages';
import { texts } from '@lender/shared/texts';
import {
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Switch,
  Typography,
  type FormRule,
} from '@lender/shared/ui/antd';
import { schemaRule } from '@lender/shared/ui/form-rules';
import { ListErrorAlert } from '@lender/shared/ui/list-error-alert.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useGetLenderSettingsQuery, usePutLenderSettingsMutation } from '../api/messaging-api';

const REMINDER_DAYS = lenderSettingsSchema.shape.reminder_days_before;
const REMINDER_DAYS_LABEL = 'Reminder days before the due date';
const REMINDER_DAYS_RULES: FormRule[] = [{ required: true, message: `${REMINDER_DAYS_LABEL} is required` }];
const PAYBILL_RULES: FormRule[] = [schemaRule(lenderSettingsSchema.shape.paybill_number)];

/** The settings as they are; Save sends every one. Remounted when they are fetched again. */
function SettingsForm({ settings }: { settings: LenderSettings }) {
  // The days field follows the switch at once (onValuesChange: synchronous, unlike Form.useWatch).
  const [remindersOn, setRemindersOn] = useState(settings.reminders_enabled);
  const [putSettings, { isLoading }] = usePutLenderSettingsMutation();
  const toastResult = useResultToast();

  const save = async (values: LenderSettings) => {
    toastResult(await putSettings(values));
  };

  return (
    <Form<LenderSettings>
      name="lender-settings"
      layout="vertical"
      initialValues={settings}
      onValuesChange={(changed: Partial<LenderSettings>) => {
        if (changed.reminders_enabled !== undefined) setRemindersOn(changed.reminders_enabled);
      }}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="auto_lock"
        label="Lock phones automatically on the lock date"
        valuePropName="checked"
        extra="Off: an officer decides"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="reminders_enabled"
        label="Send reminders"
        valuePropName="checked"
        extra="Receipts and confirmations are sent even when reminders are off."
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="reminder_days_before"
        label={REMINDER_DAYS_LABEL}
        rules={REMINDER_DAYS_RULES}
        extra="0: no reminder before the due date, only on it."
      >
        <InputNumber<number>
          min={REMINDER_DAYS.minValue ?? 0}
          max={REMINDER_DAYS.maxValue ?? 14}
          precision={0}
          disabled={!remindersOn}
        />
      </Form.Item>
      <Form.Item
        name="paybill_number"
        label="Paybill number"
        rules={PAYBILL_RULES}
        extra="Shown on the locked screen and in the messages."
      >
        <Input inputMode="numeric" autoComplete="off" style={{ maxWidth: 200 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Save
      </Button>
    </Form>
  );
}

/** The lender's messaging and device settings (admins). */
export function SettingsPanel() {
  const { data, error, isFetching, fulfilledTimeStamp, refetch } = useGetLenderSettingsQuery();

  if (error && !isFetching) {
    return (
      <ListErrorAlert
        error={error}
        message="The settings could not be loaded."
        detail={serverMessage(error, texts.errors.unexpectedTryAgain)}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        Settings
      </Typography.Title>
      {!data || isFetching ? <Skeleton active /> : <SettingsForm key={fulfilledTimeStamp} settings={data} />}
    </Flex>
  );
}
