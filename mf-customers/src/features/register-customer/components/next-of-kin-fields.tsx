import { Button, Col, Flex, Form, Input, Row } from '@lender/shared/ui/antd';
import { PlusOutlined } from '@lender/shared/ui/icons';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { EntryGroup } from './entry-group';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Next of Kin (referees): one entry at first and never fewer; Remove is offered only from two on. */
export function NextOfKinFields() {
  return (
    <Form.List name="referees" initialValue={[{}]}>
      {(fields, { add, remove }) => (
        <Flex vertical gap="middle">
          {fields.map((field, index) => (
            <EntryGroup
              key={field.key}
              title={`Next of Kin ${index + 1}`}
              extra={
                fields.length > 1 ? (
                  <Button
                    size="small"
                    aria-label={`Remove Next of Kin ${index + 1}`}
                    onClick={() => remove(field.name)}
                  >
                    Remove Next of Kin
                  </Button>
                ) : null
              }
            >
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Name"
                    name={[field.name, 'name']}
                    rules={required('Next of kin name is required')}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="ID Number"
                    name={[field.name, 'id_number']}
                    rules={required('Next of kin ID number is required')}
                  >
                    <Input inputMode="numeric" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Phone Number"
                    name={[field.name, 'phone_number']}
                    rules={required('Next of kin phone number is required')}
                  >
                    <Input type="tel" placeholder="0712345678" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Relationship"
                    name={[field.name, 'relationship']}
                    rules={required('Next of kin relationship is required')}
                  >
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            </EntryGroup>
          ))}
          <div>
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={fields.length >= LIST_LIMITS.referees}
              onClick={() => add({})}
            >
              Add Next of Kin
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
