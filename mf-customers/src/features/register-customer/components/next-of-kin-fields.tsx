import { Row } from '@lender/shared/ui/antd';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { EntryTextField, RepeatedEntries } from './repeated-entries';

/** Next of Kin (referees): one entry at first and never fewer; Remove is offered only from two on. */
export function NextOfKinFields() {
  return (
    <RepeatedEntries
      name="referees"
      entryTitle={(position) => `Next of Kin ${position}`}
      noun="Next of Kin"
      min={1}
      max={LIST_LIMITS.referees}
    >
      {(entry) => (
        <Row gutter={16}>
          <EntryTextField
            label="Name"
            name={[entry, 'name']}
            requiredMessage="Next of kin name is required"
            span={12}
          />
          <EntryTextField
            label="ID Number"
            name={[entry, 'id_number']}
            requiredMessage="Next of kin ID number is required"
            span={12}
            inputMode="numeric"
          />
          <EntryTextField
            label="Phone Number"
            name={[entry, 'phone_number']}
            requiredMessage="Next of kin phone number is required"
            span={12}
            type="tel"
          />
          <EntryTextField
            label="Relationship"
            name={[entry, 'relationship']}
            requiredMessage="Next of kin relationship is required"
            span={12}
          />
        </Row>
      )}
    </RepeatedEntries>
  );
}
