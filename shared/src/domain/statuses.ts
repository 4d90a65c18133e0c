/** Loan and device statuses with their display labels and badge colours (docs/product.md#states), once. */
export const LOAN_STATUSES = [
  'active',
  'partially_paid',
  'paid',
  'defaulted',
  'pending_disbursement',
  'overdue',
  'repossessed',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  active: 'active',
  partially_paid: 'partially paid',
  paid: 'paid',
  defaulted: 'defaulted',
  pending_disbursement: 'pending disbursement',
  overdue: 'overdue',
  repossessed: 'repossessed',
};

/** antd Tag preset colours; "yellow" is antd's gold, "gray" is the default tag. */
export const LOAN_STATUS_COLOURS: Record<LoanStatus, string> = {
  active: 'green',
  partially_paid: 'gold',
  paid: 'blue',
  defaulted: 'red',
  pending_disbursement: 'default',
  overdue: 'orange',
  repossessed: 'purple',
};

export const DEVICE_STATUSES = ['active', 'waiting', 'locked', 'purchased', 'repossessed'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  active: 'active',
  waiting: 'waiting',
  locked: 'locked',
  purchased: 'purchased',
  repossessed: 'repossessed',
};
export const DEVICE_STATUS_COLOURS: Record<DeviceStatus, string> = {
  active: 'green',
  waiting: 'orange',
  locked: 'red',
  purchased: 'blue',
  repossessed: 'purple',
};

/** Reads a device status as stored by older data: the legacy spelling "repossesed" is accepted. */
export function normaliseDeviceStatus(value: string | null | undefined): DeviceStatus | null {
  if (value === 'repossesed') return 'repossessed';
  return DEVICE_STATUSES.includes(value as DeviceStatus) ? (value as DeviceStatus) : null;
}

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const REPAYMENT_STATUSES = ['pending', 'paid'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];

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
