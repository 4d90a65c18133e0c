import { useState } from 'react';
import { getStoredUserId } from '@lender/shared/client/session';
import { formatDateTime } from '@lender/shared/domain/date-time';
import { ROLE_LABELS } from '@lender/shared/domain/roles';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Skeleton,
  Typography,
} from '@lender/shared/ui/antd';
import { EditOutlined } from '@lender/shared/ui/icons';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { UserAvatar } from '@lender/shared/ui/user-avatar.tsx';
import { useGetUserByIdQuery } from '../app/shell-api';
import { ChangePasswordForm } from '../auth/change-password-form';

/** The edit dialog's fixed sample values (docs/product.md#profile: it saves nothing). */
const SAMPLE = {
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: 'wanjiru.kamau@example.com',
  phone: '+254 712 345 678',
  bio: 'Loan officer, Nairobi branch',
};

/** The dialog's fields in their order: two to a row on a wide screen, Bio across the row. */
const EDIT_FIELDS: { label: string; name: keyof typeof SAMPLE; wide?: boolean }[] = [
  { label: 'First Name', name: 'firstName' },
  { label: 'Last Name', name: 'lastName' },
  { label: 'Email Address', name: 'email' },
  { label: 'Phone', name: 'phone' },
  { label: 'Bio', name: 'bio', wide: true },
];

function EditInformationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="Edit Information"
      onCancel={onClose}
      // Closed by its Close button, Escape or a click on the backdrop (one "Close" for screen readers).
      closable={false}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        // Saving only closes the dialog and sends nothing (docs/product.md#profile).
        <Button key="save" type="primary" onClick={onClose}>
          Save Changes
        </Button>,
      ]}
      destroyOnHidden
    >
      <p>Update your details to keep your profile up to date.</p>
      <Form layout="vertical" initialValues={SAMPLE}>
        <Row gutter={16}>
          {EDIT_FIELDS.map(({ label, name, wide }) => (
            <Col key={name} xs={24} sm={wide ? 24 : 12}>
              <Form.Item label={label} name={name}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

/**
 * /profile: the signed-in user, fetched with the id stored under userId (docs/product.md#profile), and
 * the form to change one's own password.
 */
export function ProfilePage() {
  const userId = getStoredUserId();
  const { data: user, isLoading } = useGetUserByIdQuery(userId ?? 0, { skip: userId === null });
  const [editing, setEditing] = useState(false);
  const fullName = user ? `${user.first_name} ${user.last_name}` : '';

  return (
    <>
      <PageHeader title="Profile" />
      <Card>
        {isLoading || !user ? (
          <Skeleton active avatar />
        ) : (
          <>
            <div className="profile__who">
              <UserAvatar src={user.avatar} name={fullName} size={80} />
              <div>
                <div className="profile__name">{fullName}</div>
                <div className="profile__role">{ROLE_LABELS[user.role]}</div>
              </div>
            </div>
            <Descriptions
              title="Personal Information"
              column={{ xs: 1, sm: 2 }}
              layout="vertical"
              extra={
                <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
              }
              items={[
                { key: 'first', label: 'First Name', children: user.first_name },
                { key: 'last', label: 'Last Name', children: user.last_name },
                { key: 'email', label: 'Email address', children: user.email },
                { key: 'role', label: 'Role', children: ROLE_LABELS[user.role] },
                { key: 'last-login', label: 'Last Login', children: formatDateTime(user.last_login_at) },
              ]}
            />
          </>
        )}
      </Card>
      <Card
        style={{ marginTop: 24 }}
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            Change password
          </Typography.Title>
        }
      >
        <ChangePasswordForm />
      </Card>
      <EditInformationModal open={editing} onClose={() => setEditing(false)} />
    </>
  );
}
