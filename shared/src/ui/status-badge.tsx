import { Tag } from '@lender/shared/ui/antd';
import {
  DEVICE_LOCK_STATE_COLOURS,
  DEVICE_LOCK_STATE_LABELS,
  DEVICE_STATUS_COLOURS,
  DEVICE_STATUS_LABELS,
  LOAN_STATUS_COLOURS,
  LOAN_STATUS_LABELS,
  normaliseDeviceStatus,
  REPAYMENT_STATUS_COLOURS,
  REPAYMENT_STATUS_LABELS,
  type DeviceLockState,
  type LoanStatus,
  type RepaymentStatus,
} from '../domain/statuses';
import { texts } from '../texts';

const isLoanStatus = (value: string): value is LoanStatus => value in LOAN_STATUS_LABELS;

/** A loan status as the badge of the docs/product.md#states shows it ("partially paid" in yellow, …). */
export function LoanStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status || !isLoanStatus(status)) return <Tag>{status || texts.common.unknown}</Tag>;
  return <Tag color={LOAN_STATUS_COLOURS[status]}>{LOAN_STATUS_LABELS[status]}</Tag>;
}

/** A device status; anything outside the known values reads 'Unknown' (docs/product.md#states). */
export function DeviceStatusBadge({ status }: { status: string | null | undefined }) {
  const device = normaliseDeviceStatus(status);
  if (!device) return <Tag>{texts.common.unknown}</Tag>;
  return <Tag color={DEVICE_STATUS_COLOURS[device]}>{DEVICE_STATUS_LABELS[device]}</Tag>;
}

/**
 * The phone as the device-lock provider has it (issue 35): "lock requested" until the provider
 * confirms, then "locked", and so on. Nothing for null: the provider was never asked.
 */
export function DeviceLockStateBadge({ state }: { state: DeviceLockState | null | undefined }) {
  if (!state) return null;
  return <Tag color={DEVICE_LOCK_STATE_COLOURS[state]}>{DEVICE_LOCK_STATE_LABELS[state]}</Tag>;
}

const isRepaymentStatus = (value: string): value is RepaymentStatus => value in REPAYMENT_STATUS_LABELS;

/** A repayment status: "Pending approval" in gold, "Approved" in green, "Rejected" in red. */
export function RepaymentStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status || !isRepaymentStatus(status)) return <Tag>{status || texts.common.unknown}</Tag>;
  return <Tag color={REPAYMENT_STATUS_COLOURS[status]}>{REPAYMENT_STATUS_LABELS[status]}</Tag>;
}
