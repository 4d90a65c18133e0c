import type { User } from '@lender/shared/contract/users';
import { Form, Input, Typography } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useResetUserPasswordMutation } from '../../../api/admin-api';
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
  const toastResult = useResultToast();

  const reset = async ({ password }: ResetPasswordValues) => {
    if (toastResult(await resetPassword({ id: user.id, password }), { refusalInDialog: true })) onClose();
  };

  return (
    <FormModal<ResetPasswordValues>
      open
      title={`Reset password for ${fullName(user)}`}
      onClose={onClose}
      form={form}
      name="reset-password"
      onFinish={reset}
      submitText="Reset password"
      closeText="Cancel"
      danger
      saving={isLoading}
      error={error}
      intro={
        <Typography.Paragraph>
          {user.first_name} must change this temporary password at their next sign-in. Their current sessions
          end now.
        </Typography.Paragraph>
      }
    >
      <Form.Item label="Temporary password" name="password" rules={PASSWORD_RULES}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
