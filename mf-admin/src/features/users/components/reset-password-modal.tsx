import { serverMessage } from '@lender/shared/client/api-error';
import type { User } from '@lender/shared/contract/users';
import { texts } from '@lender/shared/texts';
import { Alert, Form, Input, Modal, Typography } from '@lender/shared/ui/antd';
import { useResetUserPasswordMutation } from '../../../api/admin-api';
import { useToastOutcome } from '../hooks/use-user-actions';
import { fullName } from '../user-name';

interface ResetPasswordValues {
  password: string;
}

/** The contract's bounds for a password (docs/product.md#users-and-sign-in), in its words. */
const PASSWORD_RULES = [
  { required: true, message: 'Password is required' },
  { min: 8, message: 'Password must be at least 8 characters' },
  { max: 200, message: 'Password must be at most 200 characters' },
];

/**
 * Reset password: the admin sets a temporary password to hand over. The user's sessions end and
 * they must choose their own at their next sign-in.
 */
export function ResetPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [form] = Form.useForm<ResetPasswordValues>();
  const [resetPassword, { isLoading, error }] = useResetUserPasswordMutation();
  const toastOutcome = useToastOutcome();

  const reset = async ({ password }: ResetPasswordValues) => {
    const result = await resetPassword({ id: user.id, password });
    if ('error' in result) return;
    toastOutcome(result);
    onClose();
  };

  return (
    <Modal
      open
      title={`Reset password for ${fullName(user)}`}
      okText="Reset password"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {user.first_name} must change this temporary password at their next sign-in. Their current sessions
        end now.
      </Typography.Paragraph>
      <Form<ResetPasswordValues> form={form} name="reset-password" layout="vertical" onFinish={reset}>
        <Form.Item label="Temporary password" name="password" rules={PASSWORD_RULES}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon title={serverMessage(error, texts.errors.unexpectedTryAgain)} />
      ) : null}
    </Modal>
  );
}
