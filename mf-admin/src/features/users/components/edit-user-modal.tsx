import type { UpdateUserRequest, User } from '@lender/shared/contract/users';
import type { Role } from '@lender/shared/domain/roles';
import { Form } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { requiredField } from '@lender/shared/ui/form-rules';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { useUpdateUserMutation } from '../../../api/admin-api';
import { fullName } from '../user-name';
import { NameFields, RoleField } from './user-fields';

interface EditUserValues {
  firstName: string;
  lastName: string;
  role: Role;
}

const required = (label: string) => [
  requiredField(label),
  { max: 100, message: `${label} must be at most 100 characters` },
];
const RULES = { firstName: required('First name'), lastName: required('Last name') };

/** Only what was changed: the server is told nothing it would have to compare. */
function changesOf(user: User, values: EditUserValues): UpdateUserRequest | null {
  const changes: UpdateUserRequest = {};
  if (values.firstName.trim() !== user.first_name) changes.firstName = values.firstName.trim();
  if (values.lastName.trim() !== user.last_name) changes.lastName = values.lastName.trim();
  if (values.role !== user.role) changes.role = values.role;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Edit a user's first name, last name and role, prefilled. Save sends what changed; the server's
 * answer is toasted, and a refusal (the last active admin demoted) stays shown in the dialog.
 */
export function EditUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [form] = Form.useForm<EditUserValues>();
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const toastResult = useResultToast();

  const save = async (values: EditUserValues) => {
    const changes = changesOf(user, values);
    if (!changes) {
      onClose();
      return;
    }
    if (toastResult(await updateUser({ id: user.id, changes }), { refusalInDialog: true })) onClose();
  };

  return (
    <FormModal<EditUserValues>
      open
      title={`Edit ${fullName(user)}`}
      onClose={onClose}
      form={form}
      name="edit-user"
      onFinish={save}
      initialValues={{ firstName: user.first_name, lastName: user.last_name, role: user.role }}
      submitText="Save"
      closeText="Cancel"
      saving={isLoading}
      error={error}
    >
      <NameFields rules={RULES} />
      <RoleField />
    </FormModal>
  );
}
