import { texts } from '@lender/shared/texts';
import { App, Button, Card, Form, Input, Upload, type UploadProps } from '@lender/shared/ui/antd';
import { UploadOutlined } from '@lender/shared/ui/icons';
import { requiredField } from '@lender/shared/ui/form-rules';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { useCreateUser, type CreateUserValues } from '../hooks/use-create-user';
import { NameFields, RoleField } from './user-fields';
import { useFormDraft } from '@lender/shared/ui/use-form-draft.tsx';

/**
 * The star and a guard against sending an empty form, in the server's own words. Everything else
 * (e-mail shape, password length, a taken e-mail) the server checks, and its message shows under
 * the field it names and in the toast: the contract's zod schemas would cost this page ~90 KB
 * gzipped of zod for the same messages.
 */
const required = (label: string) => [requiredField(label)];

const RULES = {
  firstName: required('First name'),
  lastName: required('Last name'),
  email: required('Email'),
  password: required('Password'),
};

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
  useFormDraft(form, 'create-user', { omit: ['password'] });
  const { notification } = App.useApp();
  const { createUser, isCreating } = useCreateUser({ onCreated: () => form.resetFields(), form });

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
        <Form
          form={form}
          layout="vertical"
          onFinish={createUser}
          autoComplete="off"
          // Every message at once, the first in view; the browser's e-mail bubble would stop at one.
          noValidate
          scrollToFirstError={{ focus: true, block: 'center' }}
        >
          <NameFields rules={RULES} autoFill />
          <Form.Item label="Email" name="email" rules={RULES.email}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <RoleField placeholder={texts.createUser.rolePlaceholder} />
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
