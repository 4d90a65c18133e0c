// `npm run demo`: `npm start` on a data folder of its own (data-demo/, or DEMO_DATA_DIR), filled on
// the first run with a demo book dated relative to today (api/src/scripts/demo.ts); later runs start
// it again as it is. Delete the folder for a fresh book. Never touches ./data or a DATABASE_URL.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverUrl, simulatorCommand, startSimulators } from './demo-commands.mjs';
import { installAndBuild, mustRun, root, serveBuilt } from './lib.mjs';

if (process.env.DATABASE_URL?.trim()) {
  console.error(
    'npm run demo: DATABASE_URL is set. The demo writes made-up loans and runs only on its own embedded ' +
      'database (data-demo/): unset DATABASE_URL to run it.',
  );
  process.exit(1);
}
const dataDir = path.resolve(root, process.env.DEMO_DATA_DIR?.trim() || 'data-demo');
// The demo's folder whatever DATA_DIR says: the demo must never write into the real data.
// The demo book's paybill (docs/mpesa.md): the same made-up secret as api/src/scripts/demo-book.ts
// DEMO_MPESA_SECRET unless one is set, so that `npm run mpesa:simulate` works out of the box.
const DEMO_MPESA_SECRET = 'demo-paybill-callback-secret-not-for-production';
// The device-lock and SMS providers are the simulators (docs/integrations.md), started beside the
// server unless a real provider's URL is set.
const deviceLockPort = process.env.DEVICELOCK_SIMULATOR_PORT?.trim() || '8091';
const smsPort = process.env.SMS_SIMULATOR_PORT?.trim() || '8092';
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  MPESA_CALLBACK_SECRET: process.env.MPESA_CALLBACK_SECRET?.trim() || DEMO_MPESA_SECRET,
  DEVICELOCK_API_URL: process.env.DEVICELOCK_API_URL?.trim() || `http://127.0.0.1:${deviceLockPort}`,
  DEVICELOCK_WEBHOOK_SECRET:
    process.env.DEVICELOCK_WEBHOOK_SECRET?.trim() || 'demo-devicelock-webhook-secret-not-for-production',
  SMS_API_URL: process.env.SMS_API_URL?.trim() || `http://127.0.0.1:${smsPort}`,
  SMS_CALLBACK_SECRET:
    process.env.SMS_CALLBACK_SECRET?.trim() || 'demo-sms-callback-secret-not-for-production',
};

await installAndBuild();

if (existsSync(dataDir)) {
  console.log(
    `✔ Demo book already in ${path.relative(root, dataDir) || dataDir} (delete the folder for a new one)`,
  );
} else {
  await mustRun(
    'Building the demo book',
    process.execPath,
    ['scripts/pnpm.mjs', '--filter', './api', 'exec', 'tsx', 'src/scripts/demo.ts'],
    { env },
  );
}

const marker = path.join(dataDir, 'demo-book.json');
if (existsSync(marker)) {
  const book = JSON.parse(readFileSync(marker, 'utf8'));
  const [officer] = book.officers;
  console.log(
    [
      '',
      `Demo book: ${book.customers} customers (seed ${book.seed}), built ${book.builtAt.slice(0, 10)}.`,
      `Open ${serverUrl(env)}/signin and sign in as`,
      `  admin:   ${book.admin.email}  password ${book.admin.password ?? '(the ADMIN_PASSWORD it was built with)'}`,
      `  officer: ${officer.email}  password ${officer.password}  (${officer.name}; also ${book.officers
        .slice(1)
        .map((o) => o.email)
        .join(', ')})`,
      // The URL and the secret in the command itself: a new terminal has neither PORT nor the secret.
      `Pay a loan by paybill (in another terminal): ${simulatorCommand(env)}`,
      '',
    ].join('\n'),
  );
}
startSimulators(env, {
  deviceLock: !process.env.DEVICELOCK_API_URL?.trim(),
  sms: !process.env.SMS_API_URL?.trim(),
});
serveBuilt(env);
