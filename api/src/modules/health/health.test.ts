import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { healthSchema } from '@lender/shared/contract/common';
import { CONTRACT_VERSION } from '@lender/shared/contract/version';
import { build } from '../../../test/helper';

describe('GET /api/health', () => {
  test('answers 200 without a token once the database is up, naming the driver', async (t) => {
    const { app } = await build(t);
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    assert.equal(response.statusCode, 200);
    assert.deepEqual(healthSchema.parse(response.json()), {
      status: 'ok',
      database: 'up',
      driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      contractVersion: CONTRACT_VERSION,
    });
  });

  test('answers 503 while the database does not answer', async (t) => {
    const { app } = await build(t);
    t.mock.method(app.database, 'ping', async () => {
      throw new Error('connection refused');
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    assert.equal(response.statusCode, 503);
    assert.equal(response.json().status, 'unavailable');
    assert.equal(response.json().database, 'down');
  });
});
