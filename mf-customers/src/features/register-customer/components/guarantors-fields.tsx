import { guarantorInputSchema } from '@lender/shared/contract/customers';
import { LIST_LIMITS } from '../hooks/register-customer-values';
import { CollateralsFields } from './collaterals-fields';
import { EntryTextFields, RepeatedEntries, type EntryFieldSpec } from './repeated-entries';

const FIELDS: EntryFieldSpec[] = [
  {
    key: 'name',
    label: 'Name',
    requiredMessage: 'Guarantor name is required',
    check: guarantorInputSchema.shape.name,
  },
  {
    key: 'relationship',
    label: 'Relationship',
    requiredMessage: 'Guarantor relationship is required',
    check: guarantorInputSchema.shape.relationship,
  },
  {
    key: 'phone_number',
    label: 'Phone Number',
    requiredMessage: 'Guarantor phone number is required',
    check: guarantorInputSchema.shape.phone_number,
    type: 'tel',
  },
];

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
          <EntryTextFields entry={entry} fields={FIELDS} span={8} />
          <CollateralsFields name={[entry, 'collaterals']} owner={title} />
        </>
      )}
    </RepeatedEntries>
  );
}
