import { Button, Col, Flex, Form, Input, InputNumber, Row } from '@lender/shared/ui/antd';
import { PlusOutlined } from '@lender/shared/ui/icons';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { EntryGroup } from './entry-group';

const required = (message: string) => [{ required: true, whitespace: true, message }];

interface CollateralsFieldsProps {
  /** 'collaterals' for the customer's, [guarantorIndex, 'collaterals'] inside a guarantor. */
  name: string | [number, string];
  /** Whose collaterals, for entry titles and button names ("Guarantor 1"); none for the customer. */
  owner?: string;
}

/** Collaterals (optional): Item Name, Item Count and Additional Details per entry, with Add and Remove. */
export function CollateralsFields({ name, owner }: CollateralsFieldsProps) {
  const entryTitle = (position: number) =>
    owner ? `${owner} Collateral ${position}` : `Collateral ${position}`;
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap="middle">
          {fields.map((field, index) => (
            <EntryGroup
              key={field.key}
              title={entryTitle(index + 1)}
              extra={
                <Button
                  size="small"
                  aria-label={`Remove ${entryTitle(index + 1)}`}
                  onClick={() => remove(field.name)}
                >
                  Remove Collateral
                </Button>
              }
            >
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item
                    label="Item Name"
                    name={[field.name, 'item_name']}
                    rules={required('Collateral item name is required')}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={4}>
                  <Form.Item
                    label="Item Count"
                    name={[field.name, 'item_count']}
                    rules={[{ required: true, message: 'Collateral item count is required' }]}
                  >
                    <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Additional Details" name={[field.name, 'additional_details']}>
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            </EntryGroup>
          ))}
          <div>
            <Button
              icon={<PlusOutlined aria-hidden />}
              aria-label={owner ? `Add Collateral for ${owner}` : undefined}
              disabled={fields.length >= LIST_LIMITS.collaterals}
              onClick={() => add({ item_count: 1 })}
            >
              Add Collateral
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
