import {
  CUSTOMER_EDIT_TEXTS,
  refereeInputSchema,
  registerCustomerFieldsSchema,
  type CustomerDetails,
  type UpdateCustomerRequest,
} from '@lender/shared/contract/customers';
import { Card, Flex, Form, Input, InputNumber, type FormItemProps } from '@lender/shared/ui/antd';
import { FormModal } from '@lender/shared/ui/form-modal.tsx';
import { schemaRule } from '@lender/shared/ui/form-rules';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { usePhoneTakenWarning } from '../../../components/phone-taken-warning';
import { CUSTOMER_TEXT_FIELDS, REFEREE_FIELDS } from '../../../components/customer-text-fields';
import { useUpdateCustomerMutation } from '../api/customer-page-api';
import { KSH_INPUT } from '@lender/shared/ui/money.tsx';

interface RefereeValues {
  id: number;
  name: string;
  id_number: string;
  phone_number: string;
  relationship: string;
}

export interface EditCustomerValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  national_id: string;
  county: string;
  occupation: string;
  residence_details: string;
  address: string;
  monthly_income: number | null;
  referees: RefereeValues[];
}

/** The form's starting values: the customer as the server has them. */
export function initialValues(details: CustomerDetails): EditCustomerValues {
  const { customer } = details;
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    phone: customer.phone,
    email: customer.email ?? '',
    national_id: customer.national_id,
    county: customer.county,
    occupation: customer.occupation,
    residence_details: customer.residence_details ?? '',
    address: customer.address,
    monthly_income: customer.monthly_income,
    referees: details.referees.map(({ id, name, id_number, phone_number, relationship }) => ({
      id,
      name,
      id_number,
      phone_number,
      relationship,
    })),
  };
}

/**
 * What the form changed, as the PATCH body: the fields that differ from the server's values
 * (trimmed), and the next of kin that differ, whole. Blank optional fields are not sent (the
 * server keeps their value). Empty when nothing changed.
 */
export function changedFields(details: CustomerDetails, values: EditCustomerValues): UpdateCustomerRequest {
  const start = initialValues(details);
  const changes: Record<string, unknown> = {};
  for (const field of CUSTOMER_TEXT_FIELDS) {
    const value = (values[field] ?? '').trim();
    if (value !== start[field] && value !== '') changes[field] = value;
  }
  if (
    values.monthly_income !== null &&
    values.monthly_income !== undefined &&
    values.monthly_income !== start.monthly_income
  ) {
    changes.monthly_income = values.monthly_income;
  }
  const referees = (values.referees ?? [])
    .map((referee, index) => ({ referee, before: start.referees[index] }))
    .filter(
      ({ referee, before }) =>
        before !== undefined && REFEREE_FIELDS.some((field) => referee[field].trim() !== before[field]),
    )
    .map(({ referee, before }) => ({
      id: before?.id ?? referee.id,
      ...Object.fromEntries(REFEREE_FIELDS.map((field) => [field, referee[field].trim()])),
    }));
  if (referees.length) changes.referees = referees;
  return changes as UpdateCustomerRequest;
}

// The registration's field schemas, which the server also parses this form's PATCH with: one
// definition, one message per rule.
const customerRule = (field: keyof typeof registerCustomerFieldsSchema.shape) => [
  schemaRule(registerCustomerFieldsSchema.shape[field]),
];
const kinRule = (field: (typeof REFEREE_FIELDS)[number]) => [schemaRule(refereeInputSchema.shape[field])];

/** One of two fields sharing a row (`<Flex gap="middle" wrap>`), each as wide as the other. */
const PairedField = (props: FormItemProps) => <Form.Item {...props} style={{ flex: 1 }} />;

interface PairedTextProps extends FormItemProps {
  maxLength: number;
  inputMode?: 'tel' | 'numeric';
  locked?: boolean;
}

type KinText = PairedTextProps & { field: (typeof REFEREE_FIELDS)[number] };

/** A one-line text field of a pair: at most `maxLength` characters, no browser autofill. */
const PairedText = ({ maxLength, inputMode, locked, ...item }: PairedTextProps) => (
  <PairedField {...item}>
    <Input maxLength={maxLength} inputMode={inputMode} disabled={locked} autoComplete="off" />
  </PairedField>
);

/** A next of kin's fields, two to a row. */
const KIN_ROWS: [KinText, KinText][] = [
  [
    { field: 'name', label: 'Name', rules: kinRule('name'), maxLength: 200 },
    {
      field: 'id_number',
      label: 'ID Number',
      rules: kinRule('id_number'),
      maxLength: 40,
      inputMode: 'numeric',
    },
  ],
  [
    {
      field: 'phone_number',
      label: 'Phone Number',
      rules: kinRule('phone_number'),
      maxLength: 40,
      inputMode: 'tel',
    },
    { field: 'relationship', label: 'Relationship', rules: kinRule('relationship'), maxLength: 100 },
  ],
];

const KEEPS_VALUE = 'Left blank, it keeps its current value.';

interface EditCustomerModalProps {
  details: CustomerDetails;
  /** The customer has an application or a loan: the national ID is then fixed. */
  nationalIdLocked: boolean;
  open: boolean;
  onClose: () => void;
}

/**
 * Edit Customer (admins): the customer's details and next of kin. Sends only what changed; the
 * server checks the same rules (and refuses a national ID change once there is an application or
 * a loan) and its field messages show under the fields they name.
 */
export function EditCustomerModal({ details, nationalIdLocked, open, onClose }: EditCustomerModalProps) {
  // Untyped: the server names fields by path strings, not by the values type.
  const [form] = Form.useForm();
  const [updateCustomer, { isLoading }] = useUpdateCustomerMutation();
  const toastResult = useResultToast();
  const phoneWarning = usePhoneTakenWarning(form, 'phone', details.customer.id);

  const save = async (values: EditCustomerValues) => {
    const changes = changedFields(details, values);
    if (nationalIdLocked) delete changes.national_id;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const result = await updateCustomer({ customerId: details.customer.id, ...changes });
    // The server's field messages show under the fields they name, besides the toast.
    showServerFieldErrors(form, result.error);
    if (toastResult(result)) onClose();
  };

  return (
    <FormModal<EditCustomerValues>
      open={open}
      title="Edit Customer"
      onClose={onClose}
      width={760}
      form={form}
      name="edit-customer"
      onFinish={save}
      preserve={false}
      initialValues={initialValues(details)}
      submitText="Save Changes"
      saving={isLoading}
    >
      <Flex gap="middle" wrap>
        <PairedText label="First Name" name="first_name" rules={customerRule('first_name')} maxLength={100} />
        <PairedText label="Last Name" name="last_name" rules={customerRule('last_name')} maxLength={100} />
      </Flex>
      <Flex gap="middle" wrap>
        <PairedText
          label="Phone Number"
          name="phone"
          rules={customerRule('phone')}
          extra={phoneWarning}
          maxLength={40}
          inputMode="tel"
        />
        <PairedText
          label="National ID"
          name="national_id"
          extra={nationalIdLocked ? CUSTOMER_EDIT_TEXTS.nationalIdLocked : undefined}
          rules={customerRule('national_id')}
          maxLength={40}
          inputMode="numeric"
          locked={nationalIdLocked}
        />
      </Flex>
      <Form.Item
        label="Email"
        name="email"
        extra={details.customer.email ? KEEPS_VALUE : undefined}
        rules={customerRule('email')}
      >
        <Input maxLength={254} type="email" autoComplete="off" />
      </Form.Item>
      <Flex gap="middle" wrap>
        <PairedText label="County" name="county" rules={customerRule('county')} maxLength={100} />
        <PairedText label="Occupation" name="occupation" rules={customerRule('occupation')} maxLength={200} />
      </Flex>
      <Form.Item label="Address" name="address" rules={customerRule('address')}>
        <Input maxLength={500} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Residence Details"
        name="residence_details"
        extra={details.customer.residence_details ? KEEPS_VALUE : undefined}
        rules={customerRule('residence_details')}
      >
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      <Form.Item
        label="Monthly Income"
        name="monthly_income"
        extra={details.customer.monthly_income !== null ? KEEPS_VALUE : undefined}
        rules={customerRule('monthly_income')}
      >
        <InputNumber min={0} precision={2} style={{ width: '100%' }} {...KSH_INPUT} />
      </Form.Item>
      <Form.List name="referees">
        {(fields) =>
          fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={`Next of Kin ${index + 1}`}
              style={{ marginBottom: 12 }}
              role="group"
              aria-label={`Next of Kin ${index + 1}`}
            >
              {KIN_ROWS.map((row) => (
                <Flex key={row[0].field} gap="middle" wrap>
                  {row.map(({ field: kinField, ...text }) => (
                    <PairedText key={kinField} {...text} name={[field.name, kinField]} />
                  ))}
                </Flex>
              ))}
            </Card>
          ))
        }
      </Form.List>
    </FormModal>
  );
}
