// Builders of a loan's and a customer's messages and device commands (issue 35) for the remotes'
// tests: one valid object each, which a test overrides only where it is about that field.
import type { DeviceCommand } from '../src/contract/device-lock';
import type { CustomerMessage } from '../src/contract/messages';
import { builderOf } from './builder-of';

let nextId = 900;
const newId = () => (nextId += 1);

/** A receipt delivered to the customer. */
export const buildCustomerMessage = builderOf<CustomerMessage>(() => ({
  id: newId(),
  loan_id: 77,
  kind: 'receipt',
  phone: '+254712345678',
  text: 'Dear Jane, we have received Ksh 1,500.00 for account Y78VSHZ. Balance: Ksh 9,000.00. Next due date: 21 Mar 2025.',
  parts: 1,
  status: 'delivered',
  cost: 'KES 0.8000',
  failure_reason: null,
  sent_by_name: null,
  created_at: '2025-03-14T09:30:00.000Z',
  send_after: '2025-03-14T09:30:00.000Z',
  sent_at: '2025-03-14T09:30:05.000Z',
  delivered_at: '2025-03-14T09:30:09.000Z',
}));

/** A lock an officer asked for, confirmed by the provider. */
export const buildDeviceCommand = builderOf<DeviceCommand>(() => ({
  id: newId(),
  loan_id: 77,
  account_number: 'Y78VSHZ',
  customer_name: 'Jane Wanjiru',
  device_uid: '356789012345678',
  action: 'lock',
  reason: 'officer_lock',
  status: 'confirmed',
  attempts: 1,
  failing: false,
  last_error: null,
  message: 'This phone is locked: pay via paybill 522533, account Y78VSHZ.',
  requested_by_name: 'Amina Odhiambo',
  created_at: '2025-03-14T09:30:00.000Z',
  next_attempt_at: null,
  sent_at: '2025-03-14T09:30:02.000Z',
  confirmed_at: '2025-03-14T09:31:00.000Z',
}));
