/**
 * What the product needs of a device-lock provider (issue 35): one call per command. An adapter
 * for another provider (PayJoy, Trustonic) is one file implementing this.
 */
import type { DeviceAction } from '@lender/shared/contract/device-lock';

export interface DeviceCommandRequest {
  /** Our command's id: the provider's request id, so that a repeated delivery is recognised. */
  id: number;
  action: DeviceAction;
  /** The IMEI (Knox Guard's deviceUid). */
  deviceUid: string;
  /** The locked screen's text (lock). */
  message: string | null;
}

/**
 * The provider's answer: accepted; or failed, `retry` when trying again may succeed (no answer,
 * a timeout, 429, 5xx), not when the provider refused the request itself (unknown device, bad
 * credentials: an admin must act), with what it said.
 */
export type DeviceProviderAnswer = { ok: true } | { ok: false; retry: boolean; error: string };

export interface DeviceLockProvider {
  readonly name: string;
  send(command: DeviceCommandRequest): Promise<DeviceProviderAnswer>;
}

/** Whether an HTTP status is worth retrying: no answer, a timeout, throttling or the provider's own failure. */
export const retryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** A failed call's answer as stored for admins: its status and the start of its body. */
export async function answerOf(response: Response): Promise<DeviceProviderAnswer> {
  if (response.ok) return { ok: true };
  const body = (await response.text().catch(() => '')).slice(0, 300);
  return {
    ok: false,
    retry: retryableStatus(response.status),
    error: `HTTP ${response.status} ${body}`.trim(),
  };
}
