import type { PageMeta } from '../src/contract/common';
import type { Note } from '../src/contract/notes';
import type {
  Collateral,
  Customer,
  CustomerApplication,
  CustomerDetails,
  CustomerLoan,
  CustomerOverview,
  CustomerRepayment,
  CustomersPage,
  Guarantor,
  Referee,
} from '../src/contract/customers';

import { builderOf } from './builder-of';
import { buildPage } from './loan-builders';

let nextId = 500;
const newId = () => (nextId += 1);

/** A customer as GET /api/customers lists it; override what the test is about. */
export const buildCustomer = builderOf<Customer>(() => ({
  id: newId(),
  first_name: 'Jane',
  last_name: 'Wanjiru',
  phone: '+254712345678',
  email: null,
  national_id: '12345678',
  county: 'Nairobi',
  occupation: 'Boda boda rider',
  residence_details: null,
  address: 'Kawangware, Nairobi',
  monthly_income: 25_000,
  created_by: 2,
  created_by_name: 'Brian Odhiambo',
  reminders_opt_out: false,
  passport_photo: null,
  national_id_photo: null,
  created_at: '2025-03-14T09:30:00.000Z',
}));

export const buildCustomersPage = (customers: Customer[], meta: Partial<PageMeta> = {}): CustomersPage =>
  buildPage(customers, meta);

export const buildCollateral = builderOf<Collateral>(() => ({
  id: newId(),
  item_name: 'Television',
  item_count: 1,
  additional_details: null,
}));

export const buildReferee = builderOf<Referee>(() => ({
  id: newId(),
  name: 'Peter Kamau',
  id_number: '23456789',
  relationship: 'Brother',
  phone_number: '+254722000111',
}));

export const buildGuarantor = builderOf<Guarantor>(() => ({
  id: newId(),
  name: 'Grace Achieng',
  relationship: 'Employer',
  phone_number: '+254733000222',
  collaterals: [],
}));

/** GET /api/customerNew/{id}: by default a customer with no collaterals, referees or guarantors. */
export const buildCustomerDetails = builderOf<CustomerDetails>(() => ({
  customer: buildCustomer(),
  collaterals: [],
  referees: [],
  guarantors: [],
}));

export const buildCustomerApplication = builderOf<CustomerApplication>(() => ({
  id: newId(),
  status: 'approved',
  amount: 10_000,
  product: 'Phone plan',
  model: 'Tecno Spark 20',
  rejection_reason: null,
  loan_id: null,
  created_at: '2025-03-15T08:00:00.000Z',
}));

export const buildCustomerLoan = builderOf<CustomerLoan>(() => ({
  id: newId(),
  account_number: 'LN-0001',
  status: 'active',
  product: 'Phone plan',
  model: 'Tecno Spark 20',
  total: 11_000,
  paid: 2_000,
  balance: 9_000,
  arrears: 0,
  device_status: 'active',
  due_date: '2025-04-14',
  disbursement_date: '2025-03-15',
  repayment_pending: false,
}));

export const buildCustomerRepayment = builderOf<CustomerRepayment>(() => ({
  id: newId(),
  loan_id: 1,
  account_number: 'LN-0001',
  code: 'QGH1234567',
  amount: 2_000,
  date: '2025-03-20',
  status: 'paid',
}));

export const buildNote = builderOf<Note>(() => ({
  id: newId(),
  loan_id: 1,
  note: 'Called the customer',
  note_date: '2025-03-21',
  type: 'other',
  promise_date: null,
  promise_amount: null,
  promise_status: null,
  created_by: 2,
  created_by_name: 'Brian Odhiambo',
  created_at: '2025-03-21T10:00:00.000Z',
}));

/** GET /api/customers/{id}/overview: by default a customer with nothing but their details. */
export const buildCustomerOverview = builderOf<CustomerOverview>(() => ({
  ...buildCustomerDetails(),
  applications: [],
  loans: [],
  repayments: [],
  notes: [],
}));
