import type { ComponentProps } from 'react';
import type { ZodType } from 'zod';
import { registerUserSchema } from '@lender/shared/contract/users';
import { ROLE_LABELS, ROLES } from '@lender/shared/domain/roles';
import { texts } from '@lender/shared/texts';
import { App, Button, Card, Form, Input, Select, Upload, type UploadProps } from '@lender/shared/ui/antd';
import { UploadOutlined } from '@lender/shared/ui/icons';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { useCreateUser, type CreateUserValues } from '../hooks/use-create-user';

type FieldRule = NonNullable<ComponentProps<typeof Form.Item>['rules']>[number];

/**
 * Required (the star and an empty-form guard) plus the server's own schema for the field, so the
 * form says before sending exactly what the server would answer.
 */
function fieldRules(label: string, schema: ZodType): FieldRule[] {
  return [
    { required: true, whitespace: true, message: `${label} is required` },
    {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const result = schema.safeParse(value);
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? `${label} is invalid`);
      },
    },
  ];
}

const RULES = {
  firstName: fieldRules('First name', registerUserSchema.shape.firstName),
  lastName: fieldRules('Last name', registerUserSchema.shape.lastName),
  email: fieldRules('Email', registerUserSchema.shape.email),
  role: [{ required: true, message: 'Role is required' }] satisfies FieldRule[],
  password: fieldRules('Password', registerUserSchema.shape.password),
};

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const NOT_AN_IMAGE = 'The avatar must be an image file.';

/**
 * Thumbnail of the chosen image, which stays in the browser until submit. An object URL costs no
 * copy of the file; where there is none (jsdom), the list shows the file name alone.
 */
const previewAvatar = async (file: File | Blob): Promise<string> =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

const avatarFromEvent = (event: { fileList: NonNullable<UploadProps['fileList']> }) => event.fileList;

/** Create user (/signup, admins): the staff member's details, role, password and an optional avatar. */
export default function CreateUserPage() {
  const [form] = Form.useForm<CreateUserValues>();
  const { notification } = App.useApp();
  const { createUser, isCreating } = useCreateUser({ onCreated: () => form.resetFields() });

  // Kept until submit (returning false stops antd's own upload); anything but an image is refused.
  const keepImageOnly: UploadProps['beforeUpload'] = (file) => {
    if (file.type.startsWith('image/')) return false;
    notification.error({ title: NOT_AN_IMAGE, placement: 'bottomRight', duration: 5 });
    return Upload.LIST_IGNORE;
  };

  return (
    <>
      <PageHeader title="Add User" />
      <Card style={{ maxWidth: 720 }}>
        <Form form={form} layout="vertical" onFinish={createUser} autoComplete="off">
          <Form.Item label="First Name" name="firstName" rules={RULES.firstName}>
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item label="Last Name" name="lastName" rules={RULES.lastName}>
            <Input autoComplete="family-name" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={RULES.email}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Role" name="role" rules={RULES.role}>
            <Select placeholder={texts.createUser.rolePlaceholder} options={ROLE_OPTIONS} />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={RULES.password}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Avatar"
            name="avatar"
            valuePropName="fileList"
            getValueFromEvent={avatarFromEvent}
          >
            <Upload
              accept="image/*"
              listType="picture"
              maxCount={1}
              beforeUpload={keepImageOnly}
              previewFile={previewAvatar}
            >
              <Button icon={<UploadOutlined />}>Choose image</Button>
            </Upload>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isCreating}>
            {texts.createUser.submit}
          </Button>
        </Form>
      </Card>
    </>
  );
}
