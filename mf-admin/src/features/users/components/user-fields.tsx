import { ROLE_LABELS, ROLES } from '@lender/shared/domain/roles';
import { Form, Input, Select, type FormRule } from '@lender/shared/ui/antd';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface NameFieldsProps {
  rules: { firstName: FormRule[]; lastName: FormRule[] };
  /** The browser may offer a name for a new user, not in place of someone's own when editing. */
  autoFill?: boolean;
}

/** A user's First Name and Last Name (Add User, Edit User). */
export function NameFields({ rules, autoFill = false }: NameFieldsProps) {
  return (
    <>
      <Form.Item label="First Name" name="firstName" rules={rules.firstName}>
        <Input autoComplete={autoFill ? 'given-name' : 'off'} />
      </Form.Item>
      <Form.Item label="Last Name" name="lastName" rules={rules.lastName}>
        <Input autoComplete={autoFill ? 'family-name' : 'off'} />
      </Form.Item>
    </>
  );
}

/** A user's role, required (Add User, Edit User). */
export function RoleField({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item label="Role" name="role" rules={[{ required: true, message: 'Role is required' }]}>
      {/* Two options need no virtual list; without it each option is a real, named role="option". */}
      <Select placeholder={placeholder} options={ROLE_OPTIONS} virtual={false} />
    </Form.Item>
  );
}
