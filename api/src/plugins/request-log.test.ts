/** What the server logs per request: one line an operator reads, nothing a log should not hold. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, authHeader, build, MPESA_TEST_SECRET } from '../../test/helper';

test('one info line per request: method, path without query, status, time, user; no callback secret', async (t) => {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const { app } = await build(
    t,
    {},
    {
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => {
            raw.push(line);
            lines.push(JSON.parse(line) as Record<string, unknown>);
          },
        },
      },
    },
  );
  const headers = await authHeader(app, ADMIN.email, ADMIN.password);
  // The sign-in's own line: no user yet, no password.
  assert.equal(lines.filter((line) => line.msg === 'request' && line.method === 'POST').length, 1);
  assert.ok(!raw.join('').includes(ADMIN.password));
  lines.length = 0;
  raw.length = 0;

  const search = await app.inject({ method: 'GET', url: '/api/customers?search=Wanjiru%20Kamau', headers });
  assert.equal(search.statusCode, 200, search.body);
  const callback = await app.inject({
    method: 'POST',
    url: `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`,
    payload: {},
  });
  assert.ok(callback.statusCode < 500, callback.body);

  const requests = lines.filter((line) => line.msg === 'request');
  assert.deepEqual(
    requests.map(({ method, path, status, user }) => ({ method, path, status, user })),
    [
      { method: 'GET', path: '/api/customers', status: 200, user: 1 },
      {
        method: 'POST',
        path: '/api/mpesa/c2b/:secret/confirmation',
        status: callback.statusCode,
        user: undefined,
      },
    ],
  );
  assert.ok(requests.every((line) => line.level === 30 && typeof line.ms === 'number'));
  // Fastify's own "incoming request" / "request completed" lines are off.
  assert.ok(!lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed'));
  const all = raw.join('');
  assert.ok(!all.includes('Wanjiru'), 'a search term was logged');
  assert.ok(!all.includes(MPESA_TEST_SECRET), 'the callback secret was logged');
});
