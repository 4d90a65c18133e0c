/**
 * Knox Cloud Authentication against the Knox Guard simulator: the portal's keys.json signs the
 * client identifier, the access token is exchanged once and kept, sent signed with each command,
 * and exchanged again when Knox refuses it.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../config';
import { startDeviceLockSimulator } from '../../scripts/simulators/device-lock-simulator';
import { knoxTokenSource, readKnoxKeys } from './knox-auth';
import { knoxGuardProvider } from './knox-guard';

const folder = mkdtempSync(join(tmpdir(), 'knox-auth-'));

/** A keys.json as the Knox Cloud API portal gives it: base64 DER public (SPKI) and private keys. */
function keysFile(name: string, options: { privateType?: 'pkcs8' | 'pkcs1'; publicOf?: string } = {}) {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = (options.publicOf === 'other' ? other : pair).publicKey;
  const path = join(folder, name);
  writeFileSync(
    path,
    JSON.stringify({
      Public: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      Private: pair.privateKey
        .export({ type: options.privateType ?? 'pkcs8', format: 'der' })
        .toString('base64'),
    }),
  );
  return path;
}

let simulator: Awaited<ReturnType<typeof startDeviceLockSimulator>>;
const exchanges: string[] = [];

before(async () => {
  simulator = await startDeviceLockSimulator({
    // Reports are not the question here: they go nowhere, long after the test.
    webhookUrl: 'http://127.0.0.1:9/unused',
    delayMs: 600_000,
    log: (line) => {
      if (line.startsWith('access token issued')) exchanges.push(line);
    },
  });
});

after(async () => {
  await simulator.close();
  rmSync(folder, { recursive: true, force: true });
});

const command = (id: number, action: 'lock' | 'unlock' = 'lock') => ({
  id,
  action,
  deviceUid: `35123456789${String(id).padStart(4, '0')}`,
  message: action === 'lock' ? 'Pay Ksh 1,250.00 to paybill 522533, account K7M4Q2X' : null,
});

describe('Knox Cloud Authentication', () => {
  test('one access token for many commands, sent signed; refused (401): retried with a new one', async () => {
    const keys = readKnoxKeys(keysFile('keys.json'));
    const provider = knoxGuardProvider({
      baseUrl: simulator.url,
      token: knoxTokenSource({ baseUrl: simulator.url, clientIdentifier: 'client-id-123', keys }),
    });
    exchanges.length = 0;
    const sent = await Promise.all([provider.send(command(1)), provider.send(command(2))]);
    assert.deepEqual(sent, [{ ok: true }, { ok: true }]);
    assert.deepEqual(await provider.send(command(1, 'unlock')), { ok: true });
    assert.deepEqual(exchanges, ['access token issued to client-id-123']);

    // Knox no longer takes the token (expired early, revoked): that attempt fails and may be
    // retried; the next one exchanges a new token.
    simulator.tokens.clear();
    const refused = await provider.send(command(3));
    assert.equal(refused.ok, false);
    assert.deepEqual(!refused.ok && [refused.retry, refused.error.startsWith('HTTP 401')], [true, true]);
    assert.deepEqual(await provider.send(command(3)), { ok: true });
    assert.equal(exchanges.length, 2);
  });

  test('a key pair Knox does not recognise: the command waits for a retry, with the reason', async () => {
    const keys = readKnoxKeys(keysFile('mismatched.json', { publicOf: 'other' }));
    const provider = knoxGuardProvider({
      baseUrl: simulator.url,
      token: knoxTokenSource({ baseUrl: simulator.url, clientIdentifier: 'client-id-123', keys }),
    });
    const answer = await provider.send(command(4));
    assert.equal(answer.ok, false);
    assert.equal(!answer.ok && answer.retry, true);
    assert.match(
      !answer.ok ? answer.error : '',
      /^Knox Cloud Authentication: access token refused: HTTP 401/,
    );
  });

  test('keys.json: PKCS#1 keys are read too; a file that is not the portal keys is refused by name', () => {
    assert.ok(readKnoxKeys(keysFile('pkcs1.json', { privateType: 'pkcs1' })).privateKey);
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"Public": "abc"}');
    assert.throws(
      () => readKnoxKeys(broken),
      /DEVICELOCK_KEYS_FILE .* must be the keys.json of the Knox Cloud API portal/,
    );
    assert.throws(() => readKnoxKeys(join(folder, 'none.json')), /DEVICELOCK_KEYS_FILE .* could not be read/);
  });

  test('the keys file and the client identifier are set together', () => {
    assert.throws(
      () => loadConfig({ DEVICELOCK_KEYS_FILE: '/etc/lender/keys.json' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /DEVICELOCK_CLIENT_ID must be set with DEVICELOCK_KEYS_FILE/.test(error.message),
    );
  });
});
