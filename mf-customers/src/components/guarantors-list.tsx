import type { Guarantor } from '@lender/shared/contract/customers';
import { texts } from '@lender/shared/texts';
import { Card, Descriptions, Flex, Typography } from '@lender/shared/ui/antd';
import { CollateralsTable } from './collaterals-table';

interface GuarantorsListProps {
  guarantors: Guarantor[];
  /** The details modal names each guarantor again in the card and heads their collaterals. */
  detailed?: boolean;
}

/** A customer's guarantors, a card each with their collaterals; an empty list says so. */
export function GuarantorsList({ guarantors, detailed = false }: GuarantorsListProps) {
  if (guarantors.length === 0)
    return <Typography.Text type="secondary">{texts.empty.guarantors}</Typography.Text>;
  return (
    <Flex vertical gap="middle">
      {guarantors.map((guarantor, index) => (
        <Card key={guarantor.id} size="small" title={`Guarantor ${index + 1}: ${guarantor.name}`}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              ...(detailed ? [{ key: 'name', label: 'Name', children: guarantor.name }] : []),
              { key: 'relationship', label: 'Relationship', children: guarantor.relationship },
              { key: 'phone_number', label: 'Phone Number', children: guarantor.phone_number },
            ]}
          />
          {detailed ? <Typography.Text strong>Collaterals</Typography.Text> : null}
          <CollateralsTable collaterals={guarantor.collaterals} label={`Collaterals of ${guarantor.name}`} />
        </Card>
      ))}
    </Flex>
  );
}
