import type { Customer } from '@lender/shared/contract/customers';
import { formatDay } from '@lender/shared/domain/date-time';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import type { DescriptionsProps } from '@lender/shared/ui/antd';

/** A value the customer may not have given: 'N/A' when blank. */
export const orNotAvailable = (value: string | null | undefined): string =>
  value || texts.common.notAvailable;

/** Each registered detail of a customer: its label and how it reads. */
const CUSTOMER_ITEMS = {
  first_name: { label: 'First Name', value: (customer: Customer) => customer.first_name },
  last_name: { label: 'Last Name', value: (customer: Customer) => customer.last_name },
  phone: { label: 'Phone Number', value: (customer: Customer) => customer.phone },
  email: { label: 'Email', value: (customer: Customer) => orNotAvailable(customer.email) },
  national_id: { label: 'National ID', value: (customer: Customer) => customer.national_id },
  county: { label: 'County', value: (customer: Customer) => customer.county },
  occupation: { label: 'Occupation', value: (customer: Customer) => customer.occupation },
  residence_details: {
    label: 'Residence Details',
    value: (customer: Customer) => orNotAvailable(customer.residence_details),
  },
  address: { label: 'Address', value: (customer: Customer) => customer.address },
  monthly_income: {
    label: 'Monthly Income',
    value: (customer: Customer) =>
      customer.monthly_income === null ? texts.common.notAvailable : formatKsh(customer.monthly_income),
  },
  created_by_name: { label: 'Created By', value: (customer: Customer) => customer.created_by_name },
  created_at: { label: 'Registered On', value: (customer: Customer) => formatDay(customer.created_at) },
} satisfies Record<string, { label: string; value: (customer: Customer) => string }>;

export type CustomerItemKey = keyof typeof CUSTOMER_ITEMS;

/** The Descriptions items of a customer's details, in the order `keys` gives. */
export function customerItems(
  customer: Customer,
  keys: readonly CustomerItemKey[],
): DescriptionsProps['items'] {
  return keys.map((key) => ({
    key,
    label: CUSTOMER_ITEMS[key].label,
    children: CUSTOMER_ITEMS[key].value(customer),
  }));
}
