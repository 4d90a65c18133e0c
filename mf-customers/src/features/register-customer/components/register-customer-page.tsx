import type { ReactNode } from 'react';
import { Button, Col, Flex, Form, Input, InputNumber, Row, type FormItemProps } from '@lender/shared/ui/antd';
import { registerCustomerFieldsSchema } from '@lender/shared/contract/customers';
import { formatRule, requiredField } from '@lender/shared/ui/form-rules';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import { usePhoneTakenWarning } from '../../../components/phone-taken-warning';
import type { RegisterCustomerValues } from '../hooks/register-customer-values';
import { useRegisterCustomer } from '../hooks/use-register-customer';
import { CollateralsFields } from './collaterals-fields';
import { FormSection } from './form-section';
import { GuarantorsFields } from './guarantors-fields';
import { NextOfKinFields } from './next-of-kin-fields';
import { PhotoField } from './photo-field';
import { useFormDraft } from '@lender/shared/ui/use-form-draft.tsx';
import { KSH_INPUT } from '@lender/shared/ui/money.tsx';

/**
 * A personal field's checks (docs/product.md#form-checks), all shown at once on submit, before any
 * request: a required one's message names its label; what is typed is checked by the contract's
 * own schema of the field (a Kenyan mobile number, 6 to 10 digits, an e-mail, lengths), in the
 * server's words. Duplicates are the server's to judge; its refusal shows on the field it names.
 */
const rulesOf = (label: string, name: keyof RegisterCustomerValues, isRequired: boolean | undefined) => {
  const schema = registerCustomerFieldsSchema.shape[name as keyof typeof registerCustomerFieldsSchema.shape];
  return [...(isRequired ? [requiredField(label)] : []), ...(schema ? [formatRule(schema)] : [])];
};

/** A field taking half the row on a wide screen and the whole row on a phone. */
function HalfField({ children, ...item }: FormItemProps) {
  return (
    <Col xs={24} md={12}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}

/** The personal information's fields, in the order shown; a required one's message names its label. */
const PERSONAL_FIELDS: {
  label: string;
  name: keyof RegisterCustomerValues;
  isRequired?: boolean;
  input: ReactNode;
}[] = [
  { label: 'First Name', name: 'first_name', isRequired: true, input: <Input autoComplete="off" /> },
  { label: 'Last Name', name: 'last_name', isRequired: true, input: <Input autoComplete="off" /> },
  {
    label: 'Phone Number',
    name: 'phone',
    isRequired: true,
    input: <Input type="tel" placeholder="0712345678" />,
  },
  { label: 'Email (optional)', name: 'email', input: <Input type="email" /> },
  { label: 'National ID', name: 'national_id', isRequired: true, input: <Input inputMode="numeric" /> },
  { label: 'County', name: 'county', isRequired: true, input: <Input /> },
  { label: 'Occupation', name: 'occupation', isRequired: true, input: <Input /> },
  {
    label: 'Monthly Income',
    name: 'monthly_income',
    input: <InputNumber {...KSH_INPUT} min={0} precision={2} style={{ width: '100%' }} />,
  },
  { label: 'Address', name: 'address', isRequired: true, input: <Input /> },
  {
    label: 'Residence Details (optional)',
    name: 'residence_details',
    input: <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />,
  },
];

/** New Customer Registration (/register-customer, docs/product.md#customer-registration). */
export default function RegisterCustomerPage() {
  const [form] = Form.useForm<RegisterCustomerValues>();
  useFormDraft(form, 'register-customer');
  const { register, isSubmitting } = useRegisterCustomer(form);
  const phoneWarning = usePhoneTakenWarning(form, 'phone');

  return (
    <>
      <PageHeader title="New Customer Registration" />
      <Form<RegisterCustomerValues>
        form={form}
        name="register-customer"
        layout="vertical"
        onFinish={register}
        autoComplete="off"
        // The form's own checks show every message at once; the browser's would stop the submit at
        // the first (an e-mail without its domain) with a bubble of its own.
        noValidate
        scrollToFirstError={{ focus: true, block: 'center' }}
        disabled={isSubmitting}
        style={{ maxWidth: 1000 }}
      >
        <Flex vertical gap="large">
          <FormSection title="Personal Information">
            <Row gutter={16}>
              {PERSONAL_FIELDS.map(({ label, name, isRequired, input }) => (
                <HalfField
                  key={name}
                  label={label}
                  name={name}
                  rules={rulesOf(label, name, isRequired)}
                  extra={name === 'phone' ? phoneWarning : undefined}
                >
                  {input}
                </HalfField>
              ))}
              <Col xs={24} md={12}>
                <PhotoField name="passport_photo" label="Passport Photo" chooseText="Choose passport photo" />
              </Col>
              <Col xs={24} md={12}>
                <PhotoField
                  name="national_id_photo"
                  label="National ID Photo"
                  chooseText="Choose national ID photo"
                  required
                />
              </Col>
            </Row>
          </FormSection>
          <FormSection title="Next of Kin">
            <NextOfKinFields />
          </FormSection>
          <FormSection title="Collaterals (optional)">
            <CollateralsFields name="collaterals" />
          </FormSection>
          <FormSection title="Guarantors (optional)">
            <GuarantorsFields />
          </FormSection>
          <div>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              loading={isSubmitting}
              disabled={isSubmitting}
            >
              Submit Application
            </Button>
          </div>
        </Flex>
      </Form>
    </>
  );
}
