import { Button, Col, Flex, Form, Input, InputNumber, Row, type FormItemProps } from '@lender/shared/ui/antd';
import { requiredField } from '@lender/shared/ui/form-rules';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';
import type { RegisterCustomerValues } from '../hooks/register-customer-values';
import { useRegisterCustomer } from '../hooks/use-register-customer';
import { CollateralsFields } from './collaterals-fields';
import { FormSection } from './form-section';
import { GuarantorsFields } from './guarantors-fields';
import { NextOfKinFields } from './next-of-kin-fields';
import { PhotoField } from './photo-field';

/**
 * Required fields of the docs/product.md#form-checks, each with a message naming it. Phone and ID formats,
 * duplicates and the like are the server's to judge; its reasons are shown as it gives them.
 */
const required = (label: string) => [requiredField(label)];

/** A field taking half the row on a wide screen and the whole row on a phone. */
function HalfField({ children, ...item }: FormItemProps) {
  return (
    <Col xs={24} md={12}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}

/** New Customer Registration (/register-customer, docs/product.md#customer-registration). */
export default function RegisterCustomerPage() {
  const [form] = Form.useForm<RegisterCustomerValues>();
  const { register, isSubmitting } = useRegisterCustomer(form);

  return (
    <>
      <PageHeader title="New Customer Registration" />
      <Form<RegisterCustomerValues>
        form={form}
        name="register-customer"
        layout="vertical"
        onFinish={register}
        autoComplete="off"
        scrollToFirstError={{ focus: true, block: 'center' }}
        disabled={isSubmitting}
        style={{ maxWidth: 1000 }}
      >
        <Flex vertical gap="large">
          <FormSection title="Personal Information">
            <Row gutter={16}>
              <HalfField label="First Name" name="first_name" rules={required('First Name')}>
                <Input autoComplete="off" />
              </HalfField>
              <HalfField label="Last Name" name="last_name" rules={required('Last Name')}>
                <Input autoComplete="off" />
              </HalfField>
              <HalfField label="Phone Number" name="phone" rules={required('Phone Number')}>
                <Input type="tel" placeholder="0712345678" />
              </HalfField>
              <HalfField label="Email (optional)" name="email">
                <Input type="email" />
              </HalfField>
              <HalfField label="National ID" name="national_id" rules={required('National ID')}>
                <Input inputMode="numeric" />
              </HalfField>
              <HalfField label="County" name="county" rules={required('County')}>
                <Input />
              </HalfField>
              <HalfField label="Occupation" name="occupation" rules={required('Occupation')}>
                <Input />
              </HalfField>
              <HalfField label="Monthly Income" name="monthly_income">
                <InputNumber prefix="Ksh" min={0} precision={2} style={{ width: '100%' }} />
              </HalfField>
              <HalfField label="Address" name="address" rules={required('Address')}>
                <Input />
              </HalfField>
              <HalfField label="Residence Details (optional)" name="residence_details">
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
              </HalfField>
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
