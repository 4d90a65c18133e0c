import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

// What `npm run demo` prints for a person to paste into another terminal: the server's address and
// the paybill simulator's command, spelled out in full (the URL, the secret), so that the command
// works in a new terminal where neither PORT nor MPESA_CALLBACK_SECRET is set.

/** The address a browser on this machine opens: PORT (default 8080) on HOST, localhost for a wildcard or loopback. */
export function serverUrl(env) {
  const port = env.PORT?.trim() || '8080';
  const host = env.HOST?.trim() || '127.0.0.1';
  const local = ['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** `npm run mpesa:simulate` with the server's URL and secret (api/src/scripts/mpesa-simulate.ts flags). */
export function simulatorCommand(env) {
  return (
    `npm run mpesa:simulate -- --url ${serverUrl(env)} --secret ${env.MPESA_CALLBACK_SECRET} ` +
    "--account <the loan's account number> --amount 1500"
  );
}

/**
 * The device-lock and SMS simulators (api/dist/*-simulate.js), as children of the demo that end
 * with it; each reports to the server's callbacks with the demo's secrets.
 */
export function startSimulators(env, which) {
  const url = serverUrl(env);
  const children = [];
  const start = (script, args) =>
    children.push(
      spawn(process.execPath, [path.join(root, 'api/dist', script), '--url', url, ...args], {
        stdio: 'inherit',
        env,
      }),
    );
  if (which.deviceLock)
    start('devicelock-simulate.js', [
      '--secret',
      env.DEVICELOCK_WEBHOOK_SECRET,
      '--port',
      new URL(env.DEVICELOCK_API_URL).port,
    ]);
  if (which.sms)
    start('sms-simulate.js', ['--secret', env.SMS_CALLBACK_SECRET, '--port', new URL(env.SMS_API_URL).port]);
  process.on('exit', () => children.forEach((child) => child.kill()));
}
