import { CUSTOMER_TEXT_FIELDS, REFEREE_FIELDS } from '../../../components/customer-text-fields';
import type { CollateralValues, RegisterCustomerValues } from './register-customer-values';

/** Appends a text part unless it is blank: a blank optional field is "not given". */
function appendText(body: FormData, key: string, value: string | number | null | undefined): void {
  if (value === null || value === undefined) return;
  const text = String(value).trim();
  if (text !== '') body.append(key, text);
}

function appendCollaterals(body: FormData, prefix: string, collaterals: CollateralValues[] | undefined) {
  (collaterals ?? []).forEach((collateral, index) => {
    appendText(body, `${prefix}[${index}][item_name]`, collateral.item_name);
    appendText(body, `${prefix}[${index}][item_count]`, collateral.item_count);
    appendText(body, `${prefix}[${index}][additional_details]`, collateral.additional_details);
  });
}

/**
 * The multipart body of POST /api/customerNew with the keys of the docs/product.md#api-calls: the
 * customer's text fields, `national_id_photo` and `passport_photo` file parts, and bracketed
 * lists: `referees[i][name]`, `collaterals[i][item_name]`, `guarantors[i][collaterals][j][…]`.
 */
export function toRegisterCustomerBody(values: RegisterCustomerValues): FormData {
  const body = new FormData();
  for (const key of CUSTOMER_TEXT_FIELDS) appendText(body, key, values[key]);
  appendText(body, 'monthly_income', values.monthly_income);

  values.referees.forEach((referee, index) => {
    for (const field of REFEREE_FIELDS) appendText(body, `referees[${index}][${field}]`, referee[field]);
  });
  appendCollaterals(body, 'collaterals', values.collaterals);
  (values.guarantors ?? []).forEach((guarantor, index) => {
    appendText(body, `guarantors[${index}][name]`, guarantor.name);
    appendText(body, `guarantors[${index}][relationship]`, guarantor.relationship);
    appendText(body, `guarantors[${index}][phone_number]`, guarantor.phone_number);
    appendCollaterals(body, `guarantors[${index}][collaterals]`, guarantor.collaterals);
  });

  for (const key of ['national_id_photo', 'passport_photo'] as const) {
    const photo = values[key]?.[0]?.originFileObj;
    if (photo) body.append(key, photo, photo.name);
  }
  return body;
}
