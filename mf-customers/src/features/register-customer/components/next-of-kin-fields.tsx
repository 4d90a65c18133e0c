import { refereeInputSchema } from '@lender/shared/contract/customers';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { EntryTextFields, RepeatedEntries, type EntryFieldSpec } from './repeated-entries';

const FIELDS: EntryFieldSpec[] = [
  {
    key: 'name',
    label: 'Name',
    requiredMessage: 'Next of kin name is required',
    check: refereeInputSchema.shape.name,
  },
  {
    key: 'id_number',
    label: 'ID Number',
    requiredMessage: 'Next of kin ID number is required',
    check: refereeInputSchema.shape.id_number,
    inputMode: 'numeric',
  },
  {
    key: 'phone_number',
    label: 'Phone Number',
    requiredMessage: 'Next of kin phone number is required',
    check: refereeInputSchema.shape.phone_number,
    type: 'tel',
  },
  {
    key: 'relationship',
    label: 'Relationship',
    requiredMessage: 'Next of kin relationship is required',
    check: refereeInputSchema.shape.relationship,
  },
];

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
      {(entry) => <EntryTextFields entry={entry} fields={FIELDS} span={12} />}
    </RepeatedEntries>
  );
}
