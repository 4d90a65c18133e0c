import { Row } from '@lender/shared/ui/antd';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { CollateralsFields } from './collaterals-fields';
import { EntryTextField, RepeatedEntries } from './repeated-entries';

/** Guarantors (optional): Name, Relationship, Phone Number, and each guarantor's own collaterals. */
export function GuarantorsFields() {
  return (
    <RepeatedEntries
      name="guarantors"
      entryTitle={(position) => `Guarantor ${position}`}
      noun="Guarantor"
      max={LIST_LIMITS.guarantors}
    >
      {(entry, title) => (
        <>
          <Row gutter={16}>
            <EntryTextField
              label="Name"
              name={[entry, 'name']}
              requiredMessage="Guarantor name is required"
              span={8}
            />
            <EntryTextField
              label="Relationship"
              name={[entry, 'relationship']}
              requiredMessage="Guarantor relationship is required"
              span={8}
            />
            <EntryTextField
              label="Phone Number"
              name={[entry, 'phone_number']}
              requiredMessage="Guarantor phone number is required"
              span={8}
              type="tel"
            />
          </Row>
          <CollateralsFields name={[entry, 'collaterals']} owner={title} />
        </>
      )}
    </RepeatedEntries>
  );
}
