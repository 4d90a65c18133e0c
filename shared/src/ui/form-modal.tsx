import { useEffect, type ReactNode } from 'react';
import { serverMessage, type RequestError } from '../client/api-error';
import { texts } from '../texts';
// The federation singleton by its package name: a relative './antd' bundled a second antd into the
// remote, whose Form did not share its store with the caller's Form.useForm() (the dialogs never
// submitted and Form.useWatch never saw a change, in the production build only).
import { Alert, Form, Modal, type FormInstance, type FormProps } from '@lender/shared/ui/antd';
import { placeServerFieldErrors, showServerFieldErrors } from './server-field-errors';

/** The refusal's text shown under the form: none when each of its messages is on a field. */
function refusalUnderForm(form: FormInstance, error: RequestError): string | null {
  const { placed, unshown } = placeServerFieldErrors(form, error);
  if (placed.length > 0 && unshown.length === 0) return null;
  return unshown[0]?.msg ?? serverMessage(error, texts.errors.unexpectedTryAgain);
}

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
  /**
   * A refusal the dialog shows instead of toasting it: each message naming a field of the form
   * under that field, anything else under the form.
   */
  error?: RequestError;
  children: ReactNode;
}

/**
 * A dialog holding one form: the dismiss and submit buttons in the footer (submit runs the form's
 * validation, every field's message at once, the first in view, then onFinish), and the server's
 * refusal on its fields, or under the form, when the caller shows it.
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
  // Each message naming a field of the form shows under it; anything else under the form.
  useEffect(() => {
    if (error) showServerFieldErrors(form as FormInstance, error);
  }, [error, form]);
  const alert = error ? refusalUnderForm(form as FormInstance, error) : null;
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
        scrollToFirstError={{ focus: true, block: 'center' }}
        // The form's checks show every message at once; the browser's would stop at the first.
        noValidate
      >
        {children}
      </Form>
      {alert ? <Alert type="error" showIcon title={alert} /> : null}
    </Modal>
  );
}
