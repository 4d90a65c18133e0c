/**
 * Samsung Knox Guard's REST API (docs/integrations.md): a registered device is named by its IMEI
 * (`deviceUid`); `lock` shows our message on the locked screen, `unlock` gives the phone back,
 * `complete` releases it from Knox Guard when the loan is paid. Calls carry the signed access token
 * in `x-knox-apitoken` (knox-auth.ts); the product's command id goes as `requestId`, which the
 * status callback echoes.
 */
import { PROVIDER_TIMEOUT_MS } from '../../domain/outbox';
import type { KnoxTokenSource } from './knox-auth';
import { answerOf, type DeviceCommandRequest, type DeviceLockProvider } from './provider';

export interface KnoxGuardSettings {
  /** DEVICELOCK_API_URL: the region's API base, e.g. https://eu-kcs-api.samsungknox.com (or the simulator's). */
  baseUrl: string;
  /**
   * Knox Cloud Authentication from DEVICELOCK_KEYS_FILE and DEVICELOCK_CLIENT_ID, or a fixed
   * DEVICELOCK_API_TOKEN (a token minted elsewhere, or the simulator's).
   */
  token: KnoxTokenSource;
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
        let apiToken: string;
        try {
          apiToken = await settings.token.apiToken();
        } catch (error) {
          return { ok: false, retry: true, error: `Knox Cloud Authentication: ${(error as Error).message}` };
        }
        const response = await fetch(`${base}/kcs/v1/kg/devices/${PATHS[command.action]}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-knox-apitoken': apiToken,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
        const answer = await answerOf(response);
        // An access token Knox no longer takes (expired early, revoked): the next attempt, with
        // the usual backoff, exchanges a new one.
        if (response.status === 401 && !answer.ok) {
          settings.token.refused();
          return { ...answer, retry: true };
        }
        return answer;
      } catch (error) {
        return { ok: false, retry: true, error: `No answer: ${(error as Error).message}` };
      }
    },
  };
}
