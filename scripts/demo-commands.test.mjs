// The commands `npm run demo` prints (scripts/demo-commands.mjs): pasted into a new terminal, where
// PORT and MPESA_CALLBACK_SECRET are not set, they still reach the demo's server.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverUrl, simulatorCommand } from './demo-commands.mjs';

test("the simulator command names the server's URL and secret, whatever port it runs on", () => {
  const command = simulatorCommand({ PORT: '3100', MPESA_CALLBACK_SECRET: 'demo-secret' });
  assert.equal(
    command,
    "npm run mpesa:simulate -- --url http://localhost:3100 --secret demo-secret --account <the loan's account number> --amount 1500",
  );
});

test('the server URL: 8080 by default, localhost for a loopback or wildcard host, the host otherwise', () => {
  assert.equal(serverUrl({}), 'http://localhost:8080');
  assert.equal(serverUrl({ HOST: '0.0.0.0', PORT: ' 9000 ' }), 'http://localhost:9000');
  assert.equal(serverUrl({ HOST: '192.168.1.20', PORT: '8081' }), 'http://192.168.1.20:8081');
  assert.equal(serverUrl({ HOST: 'fd00::5' }), 'http://[fd00::5]:8080');
});
