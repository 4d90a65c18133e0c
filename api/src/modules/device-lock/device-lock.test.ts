/**
 * Issue 35: the phone's lock goes through the device-lock outbox — written with the loan change,
 * delivered once, in order per phone, across instances and outages — and the provider's reports
 * confirm it or are flagged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { auditLog, deviceCommands, loans } from '../../db/schema';
import {
  confirmPaybill,
  failInsertsInto,
  fixtureDisbursedLoan,
  fixtureOfficers,
  payAndApprove,
} from '../../../test/fixtures';
import { build, buildInstance, type TestApp } from '../../../test/helper';
import type { DeviceCommandRequest, DeviceLockProvider } from './provider';
import { autoLockDue } from './auto-lock';
import { deliverDueCommands } from './worker';

const WEBHOOK_SECRET = 'test-devicelock-webhook-secret-0123456789';

/** A provider that records every call, and can be told to be down. */
function fakeProvider() {
  const calls: DeviceCommandRequest[] = [];
  const state = { down: false, refuse: false };
  const provider: DeviceLockProvider = {
    name: 'fake',
    async send(command) {
      if (state.down) return { ok: false, retry: true, error: 'No answer: connect ECONNREFUSED' };
      if (state.refuse)
        return { ok: false, retry: false, error: 'HTTP 404 {"code":"4040001","message":"Device not found"}' };
      calls.push(command);
      return { ok: true };
    },
  };
  return { provider, calls, state };
}

async function setUp(t: Parameters<typeof build>[0]) {
  const ctx = await build(t, {
    deviceLock: {
      apiUrl: undefined,
      apiToken: undefined,
      keysFile: undefined,
      clientId: undefined,
      webhookSecret: WEBHOOK_SECRET,
      allowedIps: undefined,
    },
  });
  const people = await fixtureOfficers(ctx.app, ctx.db);
  const headers = await people.signIn();
  return { ...ctx, ...people, headers };
}

/** A disbursed loan whose phone waits for lock (arrears as the ageing pass would have marked them). */
async function waitingLoan(ctx: Awaited<ReturnType<typeof setUp>>) {
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, ctx.officerA.id, ctx.headers.admin);
  await ctx.db.update(loans).set({ deviceStatus: 'waiting' }).where(eq(loans.id, loan.id));
  return loan;
}

const lock = (ctx: Awaited<ReturnType<typeof setUp>>, id: number) =>
  ctx.app.inject({ method: 'PUT', url: `/api/loans/lock/${id}`, headers: ctx.headers.admin });

const commandsOf = (ctx: TestApp, loanId: number) =>
  ctx.db.select().from(deviceCommands).where(eq(deviceCommands.loanId, loanId)).orderBy(deviceCommands.id);

const lockStateOf = async (ctx: TestApp, loanId: number) =>
  (await ctx.db.select({ state: loans.deviceLockState }).from(loans).where(eq(loans.id, loanId)))[0]?.state;

const report = (ctx: TestApp, secret: string, body: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/devicelock/${secret}/status`, payload: body });

test('a lock is written with its command or not at all; the provider confirms it', async (t) => {
  const ctx = await setUp(t);
  const loan = await waitingLoan(ctx);
  // Refused (a repayment awaits approval): no command either.
  const pending = await ctx.app.inject({
    method: 'POST',
    url: '/api/loans/loan-payment',
    headers: ctx.headers.asA,
    payload: { loanId: loan.id, amount: 10, mpesaCode: 'TST0000001', method: 'mpesa' },
  });
  assert.equal(pending.statusCode, 201, pending.body);
  assert.equal((await lock(ctx, loan.id)).statusCode, 409);
  assert.deepEqual(await commandsOf(ctx, loan.id), []);
  const reject = await ctx.app.inject({
    method: 'PUT',
    url: `/api/repayments/reject/${pending.json<{ id: number }>().id}`,
    headers: ctx.headers.admin,
    payload: { reason: 'Not on the statement' },
  });
  assert.equal(reject.statusCode, 200, reject.body);

  const locked = await lock(ctx, loan.id);
  assert.equal(locked.statusCode, 200, locked.body);
  assert.equal(locked.json().device_lock_state, 'lock_requested');
  const [command] = await commandsOf(ctx, loan.id);
  assert.ok(command);
  assert.deepEqual(
    [command.action, command.reason, command.status, command.deviceUid],
    ['lock', 'officer_lock', 'queued', loan.imei],
  );
  assert.match(command.message ?? '', new RegExp(`paybill 522533, account ${encodeAccountNumber(loan.id)}`));

  const fake = fakeProvider();
  assert.equal((await deliverDueCommands({ db: ctx.db, clock: ctx.clock, provider: fake.provider })).sent, 1);
  assert.equal((await commandsOf(ctx, loan.id))[0]?.status, 'sent');
  assert.equal(await lockStateOf(ctx, loan.id), 'lock_requested');

  // A wrong secret: 404, nothing changed.
  const wrong = await report(ctx, 'not-the-secret-0123456789abcdef', {
    deviceUid: loan.imei,
    status: 'Locked',
  });
  assert.equal(wrong.statusCode, 404);
  assert.equal(await lockStateOf(ctx, loan.id), 'lock_requested');

  const confirmed = await report(ctx, WEBHOOK_SECRET, {
    deviceUid: loan.imei,
    status: 'Locked',
    requestId: String(command.id),
  });
  assert.deepEqual([confirmed.statusCode, confirmed.json().result], [200, 'confirmed']);
  assert.equal(await lockStateOf(ctx, loan.id), 'locked');
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/loans/${loan.id}`,
    headers: ctx.headers.asA,
  });
  assert.equal(detail.json().device_lock_state, 'locked');

  // The phone reported working while it should be locked: flagged for admins, not believed.
  const odd = await report(ctx, WEBHOOK_SECRET, { deviceUid: loan.imei, status: 'Active' });
  assert.equal(odd.json().result, 'flagged');
  assert.equal(await lockStateOf(ctx, loan.id), 'locked');
  const alerts = await ctx.app.inject({
    method: 'GET',
    url: '/api/device-commands/alerts',
    headers: ctx.headers.admin,
  });
  assert.equal(alerts.json().data[0].loan_id, loan.id);
  assert.match(alerts.json().data[0].alert, /reported the phone unlocked while it should be locked/);
  const summary = await ctx.app.inject({
    method: 'GET',
    url: '/api/device-commands/summary',
    headers: ctx.headers.admin,
  });
  assert.deepEqual(summary.json(), { failing: 0, alerts: 1 });
  const officerSees = await ctx.app.inject({
    method: 'GET',
    url: '/api/device-commands/alerts',
    headers: ctx.headers.asA,
  });
  assert.equal(officerSees.statusCode, 403);
});

test('a crash before the lock command is written leaves the phone waiting, with no history line', async (t) => {
  const ctx = await setUp(t);
  const loan = await waitingLoan(ctx);
  const restore = await failInsertsInto(ctx.db, 'device_commands');
  const crashed = await lock(ctx, loan.id);
  await restore();
  assert.equal(crashed.statusCode, 500, crashed.body);
  const [after] = await ctx.db
    .select({ deviceStatus: loans.deviceStatus, lockState: loans.deviceLockState, lockedAt: loans.lockedAt })
    .from(loans)
    .where(eq(loans.id, loan.id));
  assert.deepEqual(after, { deviceStatus: 'waiting', lockState: null, lockedAt: null });
  assert.deepEqual(await commandsOf(ctx, loan.id), []);
  const history = await ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.loanId, loan.id));
  assert.ok(!history.some((row) => row.action === 'loan.locked'), JSON.stringify(history));

  // Once the database writes again, the same Lock goes through with its command.
  assert.equal((await lock(ctx, loan.id)).statusCode, 200);
  assert.deepEqual(
    (await commandsOf(ctx, loan.id)).map((c) => [c.action, c.status]),
    [['lock', 'queued']],
  );
});

test('provider down for 10 minutes: the lock and the unlock after it are delivered once each, in order', async (t) => {
  const ctx = await setUp(t);
  const loan = await waitingLoan(ctx);
  assert.equal((await lock(ctx, loan.id)).statusCode, 200);
  const fake = fakeProvider();
  fake.state.down = true;
  const worker = { db: ctx.db, clock: ctx.clock, provider: fake.provider };
  await deliverDueCommands(worker);
  // Paid meanwhile: the unlock is queued behind the lock that has not gone yet.
  await payAndApprove(ctx.app, loan.id, 100, { officer: ctx.headers.asA, admin: ctx.headers.admin });
  assert.equal(await lockStateOf(ctx, loan.id), 'unlock_requested');
  for (let second = 0; second < 600; second += 15) {
    ctx.clock.advance(15_000);
    await deliverDueCommands(worker);
  }
  assert.equal(fake.calls.length, 0);
  const [waitingLock] = await commandsOf(ctx, loan.id);
  assert.ok(waitingLock && waitingLock.attempts >= 4, 'retried with backoff');
  assert.match(waitingLock.lastError ?? '', /ECONNREFUSED/);
  const failing = await ctx.app.inject({
    method: 'GET',
    url: '/api/device-commands/failing',
    headers: ctx.headers.admin,
  });
  assert.equal(failing.json().data[0].id, waitingLock.id);

  fake.state.down = false;
  for (let round = 0; round < 30 && fake.calls.length < 2; round += 1) {
    ctx.clock.advance(30_000);
    await deliverDueCommands(worker);
  }
  assert.deepEqual(
    fake.calls.map((call) => call.action),
    ['lock', 'unlock'],
  );
  assert.equal(new Set(fake.calls.map((call) => call.id)).size, 2);
  assert.deepEqual(
    (await commandsOf(ctx, loan.id)).map((c) => c.status),
    ['sent', 'sent'],
  );
  // The lock's late report does not end the unlock's wait; the unlock's does.
  await report(ctx, WEBHOOK_SECRET, { deviceUid: loan.imei, status: 'Locked' });
  assert.equal(await lockStateOf(ctx, loan.id), 'unlock_requested');
  await report(ctx, WEBHOOK_SECRET, { deviceUid: loan.imei, status: 'Active' });
  assert.equal(await lockStateOf(ctx, loan.id), 'unlocked');
});

test('a refused command is failed, shown to admins with the answer, and retried on request', async (t) => {
  const ctx = await setUp(t);
  const loan = await waitingLoan(ctx);
  await lock(ctx, loan.id);
  const fake = fakeProvider();
  fake.state.refuse = true;
  await deliverDueCommands({ db: ctx.db, clock: ctx.clock, provider: fake.provider });
  const [failed] = await commandsOf(ctx, loan.id);
  assert.equal(failed?.status, 'failed');
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/device-commands/failing',
    headers: ctx.headers.admin,
  });
  assert.match(list.json().data[0].last_error, /Device not found/);
  const retry = await ctx.app.inject({
    method: 'POST',
    url: `/api/device-commands/${failed?.id}/retry`,
    headers: ctx.headers.admin,
  });
  assert.deepEqual([retry.statusCode, retry.json().message], [200, 'Lock command queued again']);
  fake.state.refuse = false;
  await deliverDueCommands({ db: ctx.db, clock: ctx.clock, provider: fake.provider });
  assert.equal(fake.calls.length, 1);
  const again = await ctx.app.inject({
    method: 'POST',
    url: `/api/device-commands/${failed?.id}/retry`,
    headers: ctx.headers.admin,
  });
  assert.equal(again.statusCode, 409);
});

test('a paybill payment at 22:00 that clears the arrears unlocks the phone at once; its receipt waits for 07:00', async (t) => {
  const ctx = await setUp(t);
  const loan = await waitingLoan(ctx);
  await lock(ctx, loan.id);
  const fake = fakeProvider();
  await deliverDueCommands({ db: ctx.db, clock: ctx.clock, provider: fake.provider });
  ctx.clock.set('2025-03-03T22:00:00+03:00');
  await confirmPaybill(ctx.app, {
    account: encodeAccountNumber(loan.id),
    amount: 500,
    transId: 'TST22H0001',
  });
  const commands = await commandsOf(ctx, loan.id);
  assert.deepEqual(
    commands.map((c) => [c.action, c.reason]),
    [
      ['lock', 'officer_lock'],
      ['unlock', 'arrears_cleared'],
    ],
  );
  assert.equal(await lockStateOf(ctx, loan.id), 'unlock_requested');
  await deliverDueCommands({ db: ctx.db, clock: ctx.clock, provider: fake.provider });
  assert.deepEqual(
    fake.calls.map((c) => c.action),
    ['lock', 'unlock'],
  );
  // Signed in again: the clock moved past the morning's session.
  const { asA } = await ctx.signIn();
  const messages = await ctx.app.inject({
    method: 'GET',
    url: `/api/loans/${loan.id}/messages`,
    headers: asA,
  });
  const receipt = messages.json().data.find((m: { kind: string }) => m.kind === 'receipt');
  assert.ok(receipt, messages.body);
  assert.equal(receipt.status, 'queued');
  assert.equal(receipt.send_after, '2025-03-04T04:00:00.000Z');
  assert.match(receipt.text, /received Ksh 500\.00/);
});

test('two API instances delivering the same outbox send each command once', async (t) => {
  const ctx = await setUp(t);
  const second = await buildInstance(t, ctx);
  const ids: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const loan = await waitingLoan(ctx);
    assert.equal((await lock(ctx, loan.id)).statusCode, 200);
    ids.push(loan.id);
  }
  const fake = fakeProvider();
  const slow: DeviceLockProvider = {
    name: 'slow',
    send: async (command) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return fake.provider.send(command);
    },
  };
  for (let round = 0; round < 6; round += 1) {
    await Promise.all([
      deliverDueCommands({ db: ctx.db, clock: ctx.clock, provider: slow, batchSize: 3 }),
      deliverDueCommands({ db: second.db, clock: ctx.clock, provider: slow, batchSize: 3 }),
    ]);
  }
  const delivered = fake.calls.map((call) => call.id).sort((a, b) => a - b);
  assert.equal(delivered.length, 12);
  assert.equal(new Set(delivered).size, 12);
});

test('the automatic lock is off until the lender turns it on; then it locks waiting phones on their lock date, not one with a payment awaiting approval', async (t) => {
  const ctx = await setUp(t);
  const due = await waitingLoan(ctx);
  const paying = await waitingLoan(ctx);
  const today = '2025-03-03';
  await ctx.db.update(loans).set({ lockDate: today });
  const deps = { db: ctx.db, audit: ctx.app.audit };
  assert.equal(await autoLockDue(deps, today, ctx.clock.now()), 0, 'off by default: an officer decides');

  const on = await ctx.app.inject({
    method: 'PUT',
    url: '/api/lender-settings',
    headers: ctx.headers.admin,
    payload: { auto_lock: true, reminder_days_before: 3, paybill_number: '522533', reminders_enabled: true },
  });
  assert.equal(on.statusCode, 200, on.body);
  const pending = await ctx.app.inject({
    method: 'POST',
    url: '/api/loans/loan-payment',
    headers: ctx.headers.asA,
    payload: { loanId: paying.id, amount: 50, mpesaCode: 'TSTAUTO001', method: 'mpesa' },
  });
  assert.equal(pending.statusCode, 201, pending.body);

  assert.equal(await autoLockDue(deps, today, ctx.clock.now()), 1);
  const [command] = await commandsOf(ctx, due.id);
  assert.deepEqual([command?.action, command?.reason, command?.requestedBy], ['lock', 'auto_lock', null]);
  assert.equal(await lockStateOf(ctx, due.id), 'lock_requested');
  assert.deepEqual(await commandsOf(ctx, paying.id), [], 'a repayment awaits approval: not locked');
  // A second pass the same day finds nothing more to lock.
  assert.equal(await autoLockDue(deps, today, ctx.clock.now()), 0);
});
