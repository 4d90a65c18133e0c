import { normaliseDeviceStatus, type DeviceStatus } from '@lender/shared/domain/statuses';
import type { LoanEvaluation } from './evaluate';

/** The spelling older data used for 'repossessed': accepted when reading, never written. */
export type LegacyDeviceStatus = 'repossesed';
/** A device status as read from storage: null before disbursement. */
export type StoredDeviceStatus = DeviceStatus | LegacyDeviceStatus | null;

/**
 * What happens to the financed phone (docs/product.md#the-financed-phone). 'disbursed', 'arrears', 'arrears_cleared'
 * and 'balance_zero' are automatic (the server derives them with deviceStatusFor); 'lock' and
 * 'repossess' are an admin's actions.
 */
export type DeviceEvent = 'disbursed' | 'arrears' | 'lock' | 'arrears_cleared' | 'balance_zero' | 'repossess';

export type DeviceRefusalCode =
  'ALREADY_DISBURSED' | 'NOT_DISBURSED' | 'LOCK_NOT_WAITING' | 'LOCK_REPAYMENT_PENDING' | 'REPOSSESS_PAID';

export type DeviceTransition =
  | { ok: true; status: DeviceStatus; changed: boolean }
  | { ok: false; code: DeviceRefusalCode; message: string };

export interface DeviceEventContext {
  /** A repayment of the loan awaits approval: locking now would lock a customer who has just paid. */
  repaymentAwaitingApproval?: boolean;
}

const REFUSAL_MESSAGES: Record<DeviceRefusalCode, string> = {
  ALREADY_DISBURSED: 'The loan has already been disbursed',
  NOT_DISBURSED: 'The loan has not been disbursed',
  LOCK_NOT_WAITING: 'Only a phone waiting for lock can be locked',
  LOCK_REPAYMENT_PENDING: 'The phone cannot be locked while a repayment for this loan awaits approval',
  REPOSSESS_PAID: 'The phone of a paid loan cannot be repossessed',
};

function refuse(code: DeviceRefusalCode, current: DeviceStatus | null): DeviceTransition {
  const detail = code === 'LOCK_NOT_WAITING' ? ` (device status: ${current ?? 'none'})` : '';
  return { ok: false, code, message: `${REFUSAL_MESSAGES[code]}${detail}` };
}

function moveTo(current: DeviceStatus | null, status: DeviceStatus): DeviceTransition {
  return { ok: true, status, changed: status !== current };
}

/** Reads a stored device status; the legacy 'repossesed' becomes 'repossessed'. */
export function readDeviceStatus(stored: StoredDeviceStatus): DeviceStatus | null {
  return normaliseDeviceStatus(stored);
}

/**
 * The device status after `event` (docs/product.md#the-financed-phone). The admin's actions are refused with a typed
 * code (the service answers 409): lock from anything but waiting, or while a repayment awaits
 * approval; repossess of a purchased (paid) phone. An automatic event that does not apply leaves
 * the status as it is (ok, changed: false).
 */
export function nextDeviceStatus(
  stored: StoredDeviceStatus,
  event: DeviceEvent,
  context: DeviceEventContext = {},
): DeviceTransition {
  const current = readDeviceStatus(stored);
  switch (event) {
    case 'disbursed':
      return current === null ? moveTo(current, 'active') : refuse('ALREADY_DISBURSED', current);
    case 'arrears':
      return current === null
        ? refuse('NOT_DISBURSED', current)
        : moveTo(current, current === 'active' ? 'waiting' : current);
    case 'lock':
      if (current !== 'waiting') return refuse('LOCK_NOT_WAITING', current);
      if (context.repaymentAwaitingApproval) return refuse('LOCK_REPAYMENT_PENDING', current);
      return moveTo(current, 'locked');
    case 'arrears_cleared':
      if (current === null) return refuse('NOT_DISBURSED', current);
      return moveTo(current, current === 'waiting' || current === 'locked' ? 'active' : current);
    case 'balance_zero':
      return current === null ? refuse('NOT_DISBURSED', current) : moveTo(current, 'purchased');
    case 'repossess':
      if (current === null) return refuse('NOT_DISBURSED', current);
      if (current === 'purchased') return refuse('REPOSSESS_PAID', current);
      return moveTo(current, 'repossessed');
  }
}

/**
 * The device status an evaluation calls for, applying the automatic transitions of docs/product.md#the-financed-phone to the
 * stored one: null until disbursed (active if disbursed with none stored); balance 0 → purchased
 * (from any status, repossessed included: the paid-off phone is released); repossessed and
 * purchased stay; arrears > 0 moves active to waiting; arrears 0 moves waiting and locked back to
 * active. Locking stays an admin's action.
 */
export function deviceStatusFor(stored: StoredDeviceStatus, evaluation: LoanEvaluation): DeviceStatus | null {
  if (evaluation.status === 'pending_disbursement') return readDeviceStatus(stored);
  const current = readDeviceStatus(stored) ?? 'active';
  if (current === 'purchased' || evaluation.remainingBalanceCents <= 0n) return 'purchased';
  if (current === 'repossessed') return 'repossessed';
  if (evaluation.arrearsCents > 0n) return current === 'active' ? 'waiting' : current;
  return current === 'waiting' || current === 'locked' ? 'active' : current;
}
