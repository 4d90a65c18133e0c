/**
 * The device-lock provider (issue 35; docs/integrations.md): the commands the product sends about
 * a financed phone, their delivery, and the provider's status reports.
 */
import { z } from 'zod';
import { DEVICE_LOCK_STATES } from '../domain/statuses';
import { valuesOf } from '../domain/value-table';
import { isoDateTimeSchema, paginated, pageSchema } from './common';

/** What the provider is asked to do (Knox Guard's lock, unlock and complete). */
export const DEVICE_ACTION_LABELS = { lock: 'Lock', unlock: 'Unlock', complete: 'Release' };
export const DEVICE_ACTIONS = valuesOf(DEVICE_ACTION_LABELS);
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** Why the product sent a command. */
export const DEVICE_COMMAND_REASON_LABELS = {
  officer_lock: 'Locked by staff',
  auto_lock: 'Automatic lock on the lock date',
  repossessed: 'Phone repossessed',
  arrears_cleared: 'Arrears cleared',
  loan_cleared: 'Loan paid in full',
};
export const DEVICE_COMMAND_REASONS = valuesOf(DEVICE_COMMAND_REASON_LABELS);
export type DeviceCommandReason = (typeof DEVICE_COMMAND_REASONS)[number];

/**
 * A command's delivery: queued until the worker sends it (retried with backoff while the provider
 * fails), sent once the provider accepted it, confirmed when it reports the device's new state;
 * failed when the provider refused it (an answer retrying cannot change) until an admin retries;
 * superseded when a later command for the same phone made it moot before it succeeded.
 */
export const DEVICE_COMMAND_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  confirmed: 'Confirmed',
  failed: 'Failed',
  superseded: 'Superseded',
};
export const DEVICE_COMMAND_STATUSES = valuesOf(DEVICE_COMMAND_STATUS_LABELS);
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];

/** A queued command is shown to admins as failing from this many failed attempts. */
export const FAILING_AFTER_ATTEMPTS = 3;

export const deviceLockStateSchema = z.enum(DEVICE_LOCK_STATES);

export const deviceCommandSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  account_number: z.string(),
  customer_name: z.string(),
  /** The IMEI the provider knows the phone by (Knox Guard's deviceUid). */
  device_uid: z.string(),
  action: z.enum(DEVICE_ACTIONS),
  reason: z.enum(DEVICE_COMMAND_REASONS),
  status: z.enum(DEVICE_COMMAND_STATUSES),
  attempts: z.number().int(),
  /** Queued or failed this many times, or refused: admins see it with a Retry. */
  failing: z.boolean(),
  /** The provider's last answer when it failed (status and body), or why it could not be reached. */
  last_error: z.string().nullable(),
  /** The text on the locked screen (lock commands). */
  message: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  created_at: isoDateTimeSchema,
  next_attempt_at: isoDateTimeSchema.nullable(),
  sent_at: isoDateTimeSchema.nullable(),
  confirmed_at: isoDateTimeSchema.nullable(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;
export const deviceCommandPageSchema = paginated(deviceCommandSchema);
export type DeviceCommandPage = z.infer<typeof deviceCommandPageSchema>;

/** A phone the provider reported in a state the product did not ask for (admins decide). */
export const deviceAlertSchema = z.object({
  loan_id: z.number().int(),
  account_number: z.string(),
  customer_name: z.string(),
  device_uid: z.string(),
  alert: z.string(),
  alert_at: isoDateTimeSchema,
});
export type DeviceAlert = z.infer<typeof deviceAlertSchema>;
export const deviceAlertPageSchema = paginated(deviceAlertSchema);

export const deviceProblemsQuerySchema = z.object({ page: pageSchema });

/** The dashboard's count for admins: failing commands and phones in an unexpected state. */
export const deviceProblemsSummarySchema = z.object({ failing: z.number().int(), alerts: z.number().int() });
export type DeviceProblemsSummary = z.infer<typeof deviceProblemsSummarySchema>;

/**
 * The provider's status report (Knox Guard's device status callback, docs/integrations.md): the
 * device by IMEI and its new state. Unknown fields are kept out.
 */
export const KNOX_DEVICE_STATES = ['Locked', 'Active', 'Completed'] as const;
export const deviceWebhookSchema = z.object({
  deviceUid: z.string().min(1).max(40),
  objectId: z.string().max(100).optional(),
  status: z.enum(KNOX_DEVICE_STATES),
  /** Our command's id when the report answers one (the simulator and Knox's requestId echo it). */
  requestId: z.string().max(60).optional(),
  timestamp: z.string().max(40).optional(),
});
export type DeviceWebhook = z.infer<typeof deviceWebhookSchema>;
