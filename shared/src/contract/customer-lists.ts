/**
 * The customer lists, each defined once (list-definition.ts says what a definition holds): today
 * the one list of every customer in the caller's book. The API's route, query schema and CSV, the
 * mf-customers endpoint, page, filter bar and sortable columns are read from here.
 */
import type { Customer } from './customers';
import type { ListDefinition, ListFilters } from './list-definition';

/** A customer list: sorted by name or registration, filtered by officer and registration days. */
export interface CustomerListDefinition extends ListDefinition<Customer, string> {
  filters: Pick<ListFilters, 'date' | 'officer'>;
}

export const CUSTOMER_LISTS = {
  customers: {
    api: '/customers',
    page: '/customers',
    title: 'All Customers',
    summary: "Customers in the caller's scope, newest first (or sorted by name or registration)",
    empty: 'No customers registered yet.',
    // The name sorts by first then last name; registered by the registration time.
    sorts: ['name', 'registered'],
    filters: { officer: true, date: 'Registered' },
    // The whole CSV: the list has no family columns before its own. The server writes each value.
    exportColumns: [
      { field: 'id', header: 'Customer ID' },
      { field: 'first_name', header: 'First Name' },
      { field: 'last_name', header: 'Last Name' },
      { field: 'national_id', header: 'National ID' },
      { field: 'phone', header: 'Phone' },
      { field: 'email', header: 'Email' },
      { field: 'county', header: 'County' },
      { field: 'occupation', header: 'Occupation' },
      { field: 'address', header: 'Address' },
      { field: 'monthly_income', header: 'Monthly Income', money: true },
      { field: 'created_by_name', header: 'Registered By' },
      { field: 'created_at', header: 'Registered' },
    ],
  },
} as const satisfies Record<string, CustomerListDefinition>;

export type CustomerListName = keyof typeof CUSTOMER_LISTS;

/** The customers list's sort (`?sort=registered&order=desc`). */
export type CustomerSort = (typeof CUSTOMER_LISTS)[CustomerListName]['sorts'][number];

/** A CSV column of the customers export, by the row's field. */
export type CustomerExportField = (typeof CUSTOMER_LISTS)[CustomerListName]['exportColumns'][number]['field'];

/** A list's definition, widened (for code that reads any list alike). */
export const customerList = (name: CustomerListName): CustomerListDefinition => CUSTOMER_LISTS[name];
