import { collateralInputSchema } from '@lender/shared/contract/customers';
import { Col, Form, InputNumber, Row } from '@lender/shared/ui/antd';
import { formatRule } from '@lender/shared/ui/form-rules';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { EntryTextField, RepeatedEntries } from './repeated-entries';

interface CollateralsFieldsProps {
  /** 'collaterals' for the customer's, [guarantorIndex, 'collaterals'] inside a guarantor. */
  name: string | [number, string];
  /** Whose collaterals, for entry titles and button names ("Guarantor 1"); none for the customer. */
  owner?: string;
}

/** Collaterals (optional): Item Name, Item Count and Additional Details per entry, with Add and Remove. */
export function CollateralsFields({ name, owner }: CollateralsFieldsProps) {
  return (
    <RepeatedEntries
      name={name}
      entryTitle={(position) => (owner ? `${owner} Collateral ${position}` : `Collateral ${position}`)}
      noun="Collateral"
      max={LIST_LIMITS.collaterals}
      addLabel={owner ? `Add Collateral for ${owner}` : undefined}
      newEntry={{ item_count: 1 }}
    >
      {(entry) => (
        <Row gutter={16}>
          <EntryTextField
            label="Item Name"
            name={[entry, 'item_name']}
            requiredMessage="Collateral item name is required"
            check={collateralInputSchema.shape.item_name}
            span={8}
          />
          <Col xs={24} md={4}>
            <Form.Item
              label="Item Count"
              name={[entry, 'item_count']}
              rules={[
                { required: true, message: 'Collateral item count is required' },
                formatRule(collateralInputSchema.shape.item_count),
              ]}
            >
              <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <EntryTextField
            label="Additional Details"
            name={[entry, 'additional_details']}
            check={collateralInputSchema.shape.additional_details}
            span={12}
          />
        </Row>
      )}
    </RepeatedEntries>
  );
}
