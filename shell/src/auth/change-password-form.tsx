import { apiErrorBody, serverMessage } from '@lender/shared/client/api-error';
import { useAppDispatch } from '@lender/shared/client/hooks';
import {
  PASSWORD_TEXTS,
  saveSession,
  SESSION_LIFETIME_MS,
  sessionRenewed,
} from '@lender/shared/client/session';
import { texts } from '@lender/shared/texts';
import { App, Button, Form, Input, type FormRule } from '@lender/shared/ui/antd';
import { useChangeOwnPasswordMutation } from '../app/shell-api';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
type Field = keyof ChangePasswordValues;

/** The fields the server may name in errors[].field; anything else is toasted. */
const SERVER_FIELDS: readonly string[] = ['currentPassword', 'newPassword'] satisfies Field[];

/** The contract's bounds for a new password (docs/product.md#users-and-sign-in), in its words. */
const RULES: Record<Field, FormRule[]> = {
  currentPassword: [{ required: true, message: 'Current password is required' }],
  newPassword: [
    { required: true, message: 'New password is required' },
    { min: 8, message: 'Password must be at least 8 characters' },
    { max: 200, message: 'Password must be at most 200 characters' },
    ({ getFieldValue }) => ({
      validator: async (_, value: string | undefined) => {
        if (value && value === getFieldValue('currentPassword')) {
          throw new Error('New password must differ from the current one');
        }
      },
    }),
  ],
  confirmPassword: [
    { required: true, message: 'Confirm your new password' },
    ({ getFieldValue }) => ({
      validator: async (_, value: string | undefined) => {
        if (value && value !== getFieldValue('newPassword'))
          throw new Error('The new passwords do not match');
      },
    }),
  ],
};

/** The three password fields; each re-checks when the field its rule compares with changes. */
const PASSWORD_FIELDS: {
  label: string;
  name: Field;
  autoComplete: string;
  dependencies?: Field[];
  extra?: string;
}[] = [
  { label: 'Current password', name: 'currentPassword', autoComplete: 'current-password' },
  {
    label: 'New password',
    name: 'newPassword',
    autoComplete: 'new-password',
    dependencies: ['currentPassword'],
    extra: 'At least 8 characters.',
  },
  {
    label: 'Confirm new password',
    name: 'confirmPassword',
    autoComplete: 'new-password',
    dependencies: ['newPassword'],
  },
];

/**
 * Change one's own password: the current one, the new one twice. The server ends every older
 * session, so its answer (a new token and user) is stored as the session, as sign-in stores it,
 * and the person stays signed in.
 */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordValues>();
  const [changeOwnPassword, { isLoading }] = useChangeOwnPasswordMutation();
  const dispatch = useAppDispatch();
  const { notification } = App.useApp();

  const change = async ({ currentPassword, newPassword }: ChangePasswordValues) => {
    // The new token's hour counts on this device's clock from the request, as at sign-in.
    const askedAt = Date.now();
    const result = await changeOwnPassword({ currentPassword, newPassword });
    if ('error' in result) {
      const fieldError = apiErrorBody(result.error)?.errors?.[0];
      if (fieldError && SERVER_FIELDS.includes(fieldError.field)) {
        form.setFields([{ name: fieldError.field as Field, errors: [fieldError.msg] }]);
      } else {
        notification.error({ title: serverMessage(result.error, texts.errors.unexpectedTryAgain) });
      }
      return;
    }
    const { access_token: token, user, message } = result.data;
    const expiresAt = askedAt + SESSION_LIFETIME_MS;
    saveSession(user, token, expiresAt);
    dispatch(sessionRenewed({ user, token, expiresAt }));
    form.resetFields();
    notification.success({ title: message || PASSWORD_TEXTS.passwordChanged });
  };

  return (
    <Form<ChangePasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      onFinish={change}
      requiredMark={false}
      style={{ maxWidth: 420 }}
    >
      {PASSWORD_FIELDS.map(({ name, autoComplete, ...item }) => (
        <Form.Item key={name} name={name} rules={RULES[name]} {...item}>
          <Input.Password autoComplete={autoComplete} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Change password
      </Button>
    </Form>
  );
}
