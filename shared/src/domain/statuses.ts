/** Loan and device statuses with their display labels and badge colours (docs/product.md#states), once. */
import { columnOf, valuesOf } from './value-table';

/**
 * Each loan status with its label and its badge's antd Tag preset colour ("yellow" is antd's gold,
 * "gray" is the default tag).
 */
const LOAN_STATUS_TABLE = {
  active: { label: 'active', colour: 'green' },
  partially_paid: { label: 'partially paid', colour: 'gold' },
  paid: { label: 'paid', colour: 'blue' },
  defaulted: { label: 'defaulted', colour: 'red' },
  pending_disbursement: { label: 'pending disbursement', colour: 'default' },
  overdue: { label: 'overdue', colour: 'orange' },
  repossessed: { label: 'repossessed', colour: 'purple' },
};
export const LOAN_STATUSES = valuesOf(LOAN_STATUS_TABLE);
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_LABELS = columnOf(LOAN_STATUS_TABLE, 'label');
export const LOAN_STATUS_COLOURS = columnOf(LOAN_STATUS_TABLE, 'colour');

const DEVICE_STATUS_TABLE = {
  active: { label: 'active', colour: 'green' },
  waiting: { label: 'waiting', colour: 'orange' },
  locked: { label: 'locked', colour: 'red' },
  purchased: { label: 'purchased', colour: 'blue' },
  repossessed: { label: 'repossessed', colour: 'purple' },
};
export const DEVICE_STATUSES = valuesOf(DEVICE_STATUS_TABLE);
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS = columnOf(DEVICE_STATUS_TABLE, 'label');
export const DEVICE_STATUS_COLOURS = columnOf(DEVICE_STATUS_TABLE, 'colour');

/** Reads a device status as stored by older data: the legacy spelling "repossesed" is accepted. */
export function normaliseDeviceStatus(value: string | null | undefined): DeviceStatus | null {
  if (value === 'repossesed') return 'repossessed';
  return DEVICE_STATUSES.includes(value as DeviceStatus) ? (value as DeviceStatus) : null;
}

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const REPAYMENT_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];
/**
 * A repayment recorded by staff waits for an admin's approval; approved, it is paid; rejected (the
 * code not on the statement, the amount mistyped), it never counts as paid and frees its code.
 */
export const REPAYMENT_STATUS_LABELS: Record<RepaymentStatus, string> = {
  pending: 'Pending approval',
  paid: 'Approved',
  rejected: 'Rejected',
};
/** Each repayment status's badge colour (antd Tag presets): awaiting in gold, approved green, rejected red. */
export const REPAYMENT_STATUS_COLOURS: Record<RepaymentStatus, string> = {
  pending: 'gold',
  paid: 'green',
  rejected: 'red',
};

export const REPORT_PERIODS = [
  'all',
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'period',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/**
 * The phone as the device-lock provider has it (issue 35), beside device_status (what the lender
 * decided): a command is requested when the decision is written and confirmed when the provider
 * reports the device's new state. null: the provider has never been asked anything for this loan.
 */
const DEVICE_LOCK_STATE_TABLE = {
  lock_requested: { label: 'lock requested', colour: 'orange' },
  // "phone …": what the provider confirmed, beside the lender's decision (device_status).
  locked: { label: 'phone locked', colour: 'red' },
  unlock_requested: { label: 'unlock requested', colour: 'gold' },
  unlocked: { label: 'phone unlocked', colour: 'green' },
  release_requested: { label: 'release requested', colour: 'cyan' },
  released: { label: 'phone released', colour: 'blue' },
};
export const DEVICE_LOCK_STATES = valuesOf(DEVICE_LOCK_STATE_TABLE);
export type DeviceLockState = (typeof DEVICE_LOCK_STATES)[number];
export const DEVICE_LOCK_STATE_LABELS = columnOf(DEVICE_LOCK_STATE_TABLE, 'label');
export const DEVICE_LOCK_STATE_COLOURS = columnOf(DEVICE_LOCK_STATE_TABLE, 'colour');
