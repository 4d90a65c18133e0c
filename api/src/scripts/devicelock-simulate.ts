/**
 * `npm run devicelock:simulate`: a stand-in for Knox Guard on DEVICELOCK_SIMULATOR_PORT (default
 * 8091) that keeps device states and reports them to the server's status callback
 * (simulators/device-lock-simulator.ts). Start the server with
 * DEVICELOCK_API_URL=http://127.0.0.1:8091 and the same DEVICELOCK_WEBHOOK_SECRET.
 *
 *   --url <base>     the server (default http://localhost:$PORT or 8080)
 *   --secret <s>     DEVICELOCK_WEBHOOK_SECRET of the server (default: that variable)
 *   --port <n>       where the simulator listens (default 8091)
 *   --delay-ms <n>   how long a phone takes to act before the report (default 1000)
 *   --down           start down (503 to every command) until POST /_simulator/mode {"down":false}
 */
import { parseArgs } from 'node:util';
import { API_BASE, apiRoutes } from '@lender/shared/contract/routes';
import { startDeviceLockSimulator } from './simulators/device-lock-simulator';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    port: { type: 'string', default: process.env.DEVICELOCK_SIMULATOR_PORT ?? '8091' },
    'delay-ms': { type: 'string', default: '1000' },
    down: { type: 'boolean', default: false },
  },
});
const secret = values.secret ?? process.env.DEVICELOCK_WEBHOOK_SECRET?.trim();
if (!secret) {
  console.error(
    "devicelock:simulate: the server's DEVICELOCK_WEBHOOK_SECRET is needed: set it or pass --secret",
  );
  process.exit(1);
}
const base = (values.url ?? `http://localhost:${process.env.PORT?.trim() || '8080'}`).replace(/\/$/, '');
const simulator = await startDeviceLockSimulator({
  port: Number(values.port),
  webhookUrl: `${base}${API_BASE}${apiRoutes.deviceLock.webhook(secret)}`,
  token: process.env.DEVICELOCK_API_TOKEN?.trim() || undefined,
  delayMs: Number(values['delay-ms']),
  log: (line) => console.log(`knox-guard-simulator: ${line}`),
});
simulator.mode.down = values.down;
console.log(`Knox Guard simulator on ${simulator.url}, reporting to ${base}`);
