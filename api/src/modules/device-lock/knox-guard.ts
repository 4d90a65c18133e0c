/**
 * Samsung Knox Guard's REST API (docs/integrations.md): a registered device is named by its IMEI
 * (`deviceUid`); `lock` shows our message on the locked screen, `unlock` gives the phone back,
 * `complete` releases it from Knox Guard when the loan is paid. Calls carry the access token in
 * `x-knox-apitoken`; the product's command id goes as `requestId`, which the status callback echoes.
 */
import { PROVIDER_TIMEOUT_MS } from '../../domain/outbox';
import { answerOf, type DeviceCommandRequest, type DeviceLockProvider } from './provider';

export interface KnoxGuardSettings {
  /** DEVICELOCK_API_URL: the region's API base, e.g. https://eu-kcs-api.samsungknox.com (or the simulator's). */
  baseUrl: string;
  /** DEVICELOCK_API_TOKEN: the Knox Cloud access token. */
  apiToken: string;
}

const PATHS = { lock: 'lock', unlock: 'unlock', complete: 'complete' } as const;

export function knoxGuardProvider(settings: KnoxGuardSettings): DeviceLockProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    name: 'Knox Guard',
    async send(command: DeviceCommandRequest) {
      const body: Record<string, string> = { deviceUid: command.deviceUid, requestId: String(command.id) };
      if (command.action === 'lock' && command.message) body.message = command.message;
      try {
        const response = await fetch(`${base}/kcs/v1/kg/devices/${PATHS[command.action]}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-knox-apitoken': settings.apiToken,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
        return await answerOf(response);
      } catch (error) {
        return { ok: false, retry: true, error: `No answer: ${(error as Error).message}` };
      }
    },
  };
}
