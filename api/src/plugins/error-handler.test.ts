import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADMIN, authHeader, build } from '../../test/helper';

const LOGIN = '/api/users/login';

describe('error responses', () => {
  test('bad input is a 4xx with a message, never a 5xx', async (t) => {
    const { app } = await build(t);
    const json = { 'content-type': 'application/json' };
    const cases = [
      {
        name: 'malformed JSON',
        headers: json,
        payload: '{"email": ',
        status: 400,
        message: 'The request body is not valid JSON',
      },
      { name: 'prototype poisoning', headers: json, payload: '{"__proto__": {"x": 1}}', status: 400 },
      { name: 'empty JSON body', headers: json, payload: '', status: 400 },
      { name: 'plain text', headers: { 'content-type': 'text/plain' }, payload: 'hi', status: 400 },
      {
        name: 'unsupported type',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
        status: 415,
      },
      { name: 'no body', headers: {}, payload: undefined, status: 400 },
      {
        name: 'wrong types',
        headers: json,
        payload: JSON.stringify({ email: 5, password: [] }),
        status: 400,
      },
      {
        name: 'too long',
        headers: json,
        payload: JSON.stringify({ email: 'a'.repeat(300), password: 'x' }),
        status: 400,
      },
    ];
    for (const { name, headers, payload, status, message } of cases) {
      const response = await app.inject({
        method: 'POST',
        url: LOGIN,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      assert.equal(response.statusCode, status, name);
      const body = response.json();
      assert.equal(typeof body.message, 'string', name);
      if (message) assert.equal(body.message, message, name);
      assert.doesNotMatch(response.body, /at .*\.(ts|js):\d+/, name);
    }
  });

  test('validation errors list every field; errors[0].msg is what the client shows', async (t) => {
    const { app } = await build(t);
    const response = await app.inject({ method: 'POST', url: LOGIN, payload: { email: '', password: '' } });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      message: 'email: Email is required; password: Password is required',
      errors: [
        { field: 'email', msg: 'Email is required' },
        { field: 'password', msg: 'Password is required' },
      ],
    });
  });

  test('two files where one avatar is expected is a 400 naming the field', async (t) => {
    const { app } = await build(t);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: 'A',
      lastName: 'B',
      email: 'ab@lender.local',
      role: 'officer',
      password: 'Secret123!',
    })) {
      form.append(k, v);
    }
    form.append('avatar', new Blob([Buffer.from('a')]), 'a.png');
    form.append('avatar', new Blob([Buffer.from('b')]), 'b.png');
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    const response = await app.inject({ method: 'POST', url: '/api/users/register', headers, payload: form });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().errors[0].field, 'avatar');
  });

  test('a lone UTF-16 surrogate in a request is a 400 naming the field; paired ones are text', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    // Written by hand: JSON.stringify would escape the backslash, and the server must see \ud800.
    const payload =
      '{"targets":[{"officerId":null,"disbursementTarget":1,"collectionTarget":1,"note":"x\\ud800"}]}';
    const body = await app.inject({
      method: 'PUT',
      url: '/api/targets?month=3&year=2025',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    assert.equal(body.statusCode, 400);
    assert.equal(body.json().errors[0].field, 'targets.0.note');
    assert.equal(body.json().errors[0].msg, 'targets.0.note must be valid Unicode text');
    const emoji = await app.inject({
      method: 'GET',
      url: `/api/customers?search=${encodeURIComponent('😀')}`,
      headers,
    });
    assert.equal(emoji.statusCode, 200);
  });

  test('a NUL character anywhere in a request is a 400 naming the field, before anything runs', async (t) => {
    const { app } = await build(t);
    const login = await app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'a\u0000b@lender.local', password: 'x' },
    });
    assert.equal(login.statusCode, 400);
    assert.equal(login.json().errors[0].field, 'email');
    assert.equal(login.json().errors[0].msg, 'email must not contain a NUL character');
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    const search = await app.inject({ method: 'GET', url: '/api/customers?search=a%00b', headers });
    assert.equal(search.statusCode, 400);
    assert.equal(search.json().errors[0].field, 'search');
    const url = '/api/targets?month=3&year=2025';
    const target = { officerId: null, disbursementTarget: 1, collectionTarget: 1 };
    const nested = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { targets: [{ ...target, note: 'x\u0000' }] },
    });
    assert.equal(nested.statusCode, 400);
    assert.equal(nested.json().errors[0].field, 'targets.0.note');
    const targets = await app.inject({ method: 'GET', url, headers });
    const written = (targets.json() as { disbursement_target: number | string }[]).filter(
      (row) => Number(row.disbursement_target) === 1,
    );
    assert.deepEqual(written, [], 'nothing written');
  });

  test('numbers only as plain decimals: odd spellings of an id or an amount are a 400, not record 1 or Ksh 16', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    for (const id of ['0x1', '%201', '1e0', '+1']) {
      const response = await app.inject({ method: 'GET', url: `/api/loans/${id}`, headers });
      assert.equal(response.statusCode, 400, id);
      assert.equal(response.json().errors[0].field, 'id', id);
    }
    for (const officerId of ['0x2', '3000000000']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/loans/loan-details?role=admin&officerId=${officerId}`,
        headers,
      });
      assert.equal(response.statusCode, 400, officerId);
    }
    const payment = await app.inject({
      method: 'POST',
      url: '/api/loans/loan-payment',
      headers,
      payload: { loanId: 1, amount: '0x10', mpesaCode: 'QWE1234567', method: 'mpesa' },
    });
    assert.equal(payment.statusCode, 400);
    assert.equal(payment.json().errors[0].field, 'amount');
  });

  test('an id beyond the database integer range is a 400 naming it', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/targets?month=3&year=2025',
      headers,
      payload: { targets: [{ officerId: 3_000_000_000, disbursementTarget: 1, collectionTarget: 1 }] },
    });
    assert.equal(response.statusCode, 400);
    assert.match(response.json().message, /Officer is too large/);
  });

  test('a database refusal a race can cause is a 4xx saying what to do, not a 500', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    // How drizzle reports the driver's error: wrapped, the SQLSTATE on its cause.
    const refusal = (code: string) =>
      Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('refused'), { code }) });
    const cases = [
      { code: '23503', status: 409, message: /changed or removed meanwhile/ },
      { code: '23505', status: 409, message: /already exists/ },
      { code: '22021', status: 400, message: /NUL character/ },
      { code: '22003', status: 400, message: /out of range/ },
    ];
    for (const { code, status, message } of cases) {
      const signedUrl = t.mock.method(app.files, 'signedUrl', () => {
        throw refusal(code);
      });
      const response = await app.inject({ method: 'GET', url: '/api/users', headers });
      assert.equal(response.statusCode, status, code);
      assert.match(response.json().message, message, code);
      signedUrl.mock.restore();
    }
  });

  test('an unexpected failure is a 500 with a generic message and no details', async (t) => {
    const { app } = await build(t);
    const headers = await authHeader(app, ADMIN.email, ADMIN.password);
    t.mock.method(app.files, 'signedUrl', () => {
      throw new Error('secret internal detail');
    });
    const response = await app.inject({ method: 'GET', url: '/api/users', headers });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { message: 'An unexpected error occurred' });
  });
});

describe('rate limit', () => {
  test('limits /api requests per address a minute, saying when to retry; static paths are not counted', async (t) => {
    const { app } = await build(t, { rateLimitMax: 3 });
    for (let i = 0; i < 3; i += 1)
      assert.equal((await app.inject({ method: 'GET', url: '/api/users' })).statusCode, 401);
    const limited = await app.inject({ method: 'GET', url: '/api/users' });
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().retryAfterSeconds, 60);
    assert.equal(limited.headers['retry-after'], '60');
    assert.match(limited.json().message, /Too many requests/);
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await app.inject({ method: 'GET', url: '/remotes.config.json' })).statusCode, 200);
    }
  });
});
