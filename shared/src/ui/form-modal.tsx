import type { ReactNode } from 'react';
import { serverMessage, type RequestError } from '../client/api-error';
import { texts } from '../texts';
// The federation singleton by its package name: a relative './antd' bundled a second antd into the
// remote, whose Form did not share its store with the caller's Form.useForm() (the dialogs never
// submitted and Form.useWatch never saw a change, in the production build only).
import { Alert, Form, Modal, type FormInstance, type FormProps } from '@lender/shared/ui/antd';

interface FormModalProps<Values> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  form: FormInstance<Values>;
  /** The form's name (antd prefixes the fields' ids with it). */
  name: string;
  onFinish: (values: Values) => void | Promise<void>;
  initialValues?: FormProps<Values>['initialValues'];
  /** false: the fields forget their values when the dialog closes. */
  preserve?: boolean;
  submitText: string;
  /** The dismiss button: "Close" unless the dialog says "Cancel". */
  closeText?: string;
  saving: boolean;
  /** The submit button is red (a destructive action). */
  danger?: boolean;
  /** false: no corner ×, the footer's button is the one way to close (Escape closes too). */
  closable?: boolean;
  width?: number;
  /** Shown above the form, e.g. the record it is about. */
  intro?: ReactNode;
  /** A refusal the dialog shows under the form instead of toasting it. */
  error?: RequestError;
  children: ReactNode;
}

/**
 * A dialog holding one form: the dismiss and submit buttons in the footer (submit runs the form's
 * validation, then onFinish), and the server's refusal under the form when the caller shows it.
 */
export function FormModal<Values>({
  open,
  title,
  onClose,
  form,
  name,
  onFinish,
  initialValues,
  preserve,
  submitText,
  closeText = 'Close',
  saving,
  danger,
  closable,
  width,
  intro,
  error,
  children,
}: FormModalProps<Values>) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={submitText}
      okButtonProps={danger ? { danger } : undefined}
      cancelText={closeText}
      confirmLoading={saving}
      closable={closable}
      width={width}
      destroyOnHidden
    >
      {intro}
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        onFinish={onFinish}
        initialValues={initialValues}
        preserve={preserve}
      >
        {children}
      </Form>
      {error ? (
        <Alert type="error" showIcon title={serverMessage(error, texts.errors.unexpectedTryAgain)} />
      ) : null}
    </Modal>
  );
}
