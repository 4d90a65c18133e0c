import { Button, Col, Flex, Form, Input, Row } from '@lender/shared/ui/antd';
import { PlusOutlined } from '@lender/shared/ui/icons';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { CollateralsFields } from './collaterals-fields';
import { EntryGroup } from './entry-group';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Guarantors (optional): Name, Relationship, Phone Number, and each guarantor's own collaterals. */
export function GuarantorsFields() {
  return (
    <Form.List name="guarantors">
      {(fields, { add, remove }) => (
        <Flex vertical gap="middle">
          {fields.map((field, index) => {
            const title = `Guarantor ${index + 1}`;
            return (
              <EntryGroup
                key={field.key}
                title={title}
                extra={
                  <Button size="small" aria-label={`Remove ${title}`} onClick={() => remove(field.name)}>
                    Remove Guarantor
                  </Button>
                }
              >
                <Row gutter={16}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label="Name"
                      name={[field.name, 'name']}
                      rules={required('Guarantor name is required')}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label="Relationship"
                      name={[field.name, 'relationship']}
                      rules={required('Guarantor relationship is required')}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item
                      label="Phone Number"
                      name={[field.name, 'phone_number']}
                      rules={required('Guarantor phone number is required')}
                    >
                      <Input type="tel" placeholder="0712345678" />
                    </Form.Item>
                  </Col>
                </Row>
                <CollateralsFields name={[field.name, 'collaterals']} owner={title} />
              </EntryGroup>
            );
          })}
          <div>
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= LIST_LIMITS.guarantors}
              onClick={() => add({})}
            >
              Add Guarantor
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
