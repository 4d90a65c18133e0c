import { normaliseKenyanPhone } from '@lender/shared/contract/validators';
import { phoneTakenWarning } from '@lender/shared/contract/customers';
import { Alert, Form, type FormInstance } from '@lender/shared/ui/antd';
import { useCheckPhoneQuery } from '../api/customers-api';

/**
 * The warning under a phone field when another customer already has the number, by name when
 * the customer is in the caller's book ("0712345678 is already the phone of Jane Wanjiru
 * (customer 12)"), else as "another customer": shown before submit, as soon as the number is a
 * whole Kenyan mobile number; the person may go on (the server accepts a shared phone). Asked once
 * per number (GET /api/customers/phone-check), never for a half-typed one.
 */
export function usePhoneTakenWarning(
  // Untyped: it reads one field by name, whatever the form's values type.
  form: FormInstance,
  name: string,
  /** The customer being edited, who is not their own duplicate. */
  exceptId?: number,
) {
  const typed = Form.useWatch<unknown>(name, form);
  const text = typeof typed === 'string' ? typed : '';
  const phone = normaliseKenyanPhone(text);
  const { data } = useCheckPhoneQuery(
    { phone: phone ?? '', ...(exceptId === undefined ? {} : { except: exceptId }) },
    { skip: phone === null },
  );
  const warning = phone !== null && data?.phone === phone ? phoneTakenWarning(text, data) : null;
  return warning ? <Alert type="warning" showIcon title={warning} style={{ marginTop: 8 }} /> : null;
}
