/**
 * `npm run sms:simulate`: a stand-in for Africa's Talking's SMS API on SMS_SIMULATOR_PORT (default
 * 8092) that accepts the server's sends and posts delivery reports back, every fifth one failed
 * (simulators/sms-simulator.ts). Start the server with SMS_API_URL=http://127.0.0.1:8092 and the
 * same SMS_CALLBACK_SECRET.
 *
 *   --url <base>      the server (default http://localhost:$PORT or 8080)
 *   --secret <s>      SMS_CALLBACK_SECRET of the server (default: that variable)
 *   --port <n>        where the simulator listens (default 8092)
 *   --fail-every <n>  every n-th delivery report is Failed (default 5; 0: none)
 */
import { parseArgs } from 'node:util';
import { API_BASE, apiRoutes } from '@lender/shared/contract/routes';
import { startSmsSimulator } from './simulators/sms-simulator';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    port: { type: 'string', default: process.env.SMS_SIMULATOR_PORT ?? '8092' },
    'fail-every': { type: 'string', default: '5' },
  },
});
const secret = values.secret ?? process.env.SMS_CALLBACK_SECRET?.trim();
if (!secret) {
  console.error("sms:simulate: the server's SMS_CALLBACK_SECRET is needed: set it or pass --secret");
  process.exit(1);
}
const base = (values.url ?? `http://localhost:${process.env.PORT?.trim() || '8080'}`).replace(/\/$/, '');
const simulator = await startSmsSimulator({
  port: Number(values.port),
  reportUrl: `${base}${API_BASE}${apiRoutes.messages.deliveryReport(secret)}`,
  apiKey: process.env.SMS_API_KEY?.trim() || undefined,
  failEvery: Number(values['fail-every']),
  log: (line) => console.log(`sms-simulator: ${line}`),
});
console.log(`Africa's Talking simulator on ${simulator.url}, reporting to ${base}`);
