/**
 * Issue 35: messages to customers go through the SMS outbox — receipts with the payment, reminders
 * at most once a day and never to a customer who opted out, nothing between 21:00 and 07:00 — and
 * the provider's answers and delivery reports are stored on them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { customerMessages, customers, loans, repayments } from '../../db/schema';
import {
  failInsertsInto,
  fixtureDisbursedLoan,
  fixtureOfficers,
  payAndApprove,
  recordRepayment,
} from '../../../test/fixtures';
import { build } from '../../../test/helper';
import type { SmsProvider } from './africas-talking';
import { queueDayReminders } from './reminders';
import { sendDueMessages } from './worker';

const SMS_SECRET = 'test-sms-callback-secret-0123456789abc';

function fakeSms() {
  const sent: { to: string; text: string }[] = [];
  const provider: SmsProvider = {
    name: 'fake',
    async send(message) {
      sent.push(message);
      return { ok: true, messageId: `ATXid_${sent.length}`, cost: 'KES 0.8000' };
    },
  };
  return { provider, sent };
}

async function setUp(t: Parameters<typeof build>[0]) {
  const ctx = await build(t, {
    sms: {
      apiUrl: undefined,
      username: undefined,
      apiKey: undefined,
      senderId: undefined,
      callbackSecret: SMS_SECRET,
      allowedIps: undefined,
    },
  });
  const people = await fixtureOfficers(ctx.app, ctx.db);
  return { ...ctx, ...people, headers: await people.signIn() };
}

const messagesOf = (ctx: { db: Awaited<ReturnType<typeof build>>['db'] }, loanId: number) =>
  ctx.db
    .select()
    .from(customerMessages)
    .where(eq(customerMessages.loanId, loanId))
    .orderBy(customerMessages.id);

test('a reminder is queued at most once a day per loan; an opted-out customer gets receipts only', async (t) => {
  const ctx = await setUp(t);
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, ctx.officerA.id, ctx.headers.admin);
  const [stored] = await ctx.db.select({ dueDate: loans.dueDate }).from(loans).where(eq(loans.id, loan.id));
  assert.ok(stored?.dueDate);
  const now = new Date(`${stored.dueDate}T08:00:00+03:00`);
  const deps = { db: ctx.db, timeZone: 'Africa/Nairobi' };
  assert.equal(await queueDayReminders(deps, stored.dueDate, now), 1);
  assert.equal(await queueDayReminders(deps, stored.dueDate, now), 0);
  const reminders = await messagesOf(ctx, loan.id);
  assert.deepEqual(
    reminders.map((m) => [m.kind, m.reminderDay]),
    [['reminder_due', stored.dueDate]],
  );
  assert.match(reminders[0]?.body ?? '', /is due today\. Pay via paybill 522533/);

  // Opted out: no reminder the next days, but the receipt of a payment still goes.
  const optOut = await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${loan.customerId}/reminders`,
    headers: ctx.headers.asA,
    payload: { opted_out: true },
  });
  assert.equal(optOut.statusCode, 200, optOut.body);
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, loan.customerId));
  assert.equal(customer?.remindersOptOut, true);
  await ctx.db.update(loans).set({ dueDate: '2025-03-05' }).where(eq(loans.id, loan.id));
  assert.equal(await queueDayReminders(deps, '2025-03-05', new Date('2025-03-05T08:00:00+03:00')), 0);
  await payAndApprove(ctx.app, loan.id, 250, { officer: ctx.headers.asA, admin: ctx.headers.admin });
  const after = await messagesOf(ctx, loan.id);
  assert.deepEqual(
    after.map((m) => m.kind),
    ['reminder_due', 'receipt'],
  );
  assert.match(
    after[1]?.body ?? '',
    /received Ksh 250\.00 .* Balance: Ksh [\d,]+\.\d{2}\. Next due date: \d{1,2} \w{3} \d{4}\./,
  );
  // Another officer's customer is not theirs to change.
  const foreign = await ctx.app.inject({
    method: 'POST',
    url: `/api/customers/${loan.customerId}/reminders`,
    headers: ctx.headers.asB,
    payload: { opted_out: false },
  });
  assert.equal(foreign.statusCode, 404);
});

test('a crash before the receipt is written leaves the repayment awaiting approval and the balance as it was', async (t) => {
  const ctx = await setUp(t);
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, ctx.officerA.id, ctx.headers.admin);
  const balanceOf = async () =>
    (await ctx.db.select({ balance: loans.remainingBalance }).from(loans).where(eq(loans.id, loan.id)))[0]
      ?.balance;
  const before = await balanceOf();
  const id = await recordRepayment(ctx.app, loan.id, 500, ctx.headers.asA);
  const approve = () =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/repayments/${id}`,
      headers: ctx.headers.admin,
      payload: { status: 'paid' },
    });
  const restore = await failInsertsInto(ctx.db, 'customer_messages');
  const crashed = await approve();
  await restore();
  assert.equal(crashed.statusCode, 500, crashed.body);
  const [stored] = await ctx.db
    .select({ status: repayments.status })
    .from(repayments)
    .where(eq(repayments.id, id));
  assert.equal(stored?.status, 'pending');
  assert.equal(await balanceOf(), before);
  assert.deepEqual(await messagesOf(ctx, loan.id), []);

  // Approved again once the database writes: the payment counts and its receipt is queued with it.
  assert.equal((await approve()).statusCode, 200);
  assert.notEqual(await balanceOf(), before);
  assert.deepEqual(
    (await messagesOf(ctx, loan.id)).map((m) => [m.kind, m.status]),
    [['receipt', 'queued']],
  );
});

test('nothing is sent between 21:00 and 07:00; sent messages keep the cost and their delivery report', async (t) => {
  const ctx = await setUp(t);
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, ctx.officerA.id, ctx.headers.admin);
  ctx.clock.set('2025-03-03T21:30:00+03:00');
  const { asA } = await ctx.signIn();
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/loans/${loan.id}/messages`,
    headers: asA,
    payload: { text: 'Hello {name}, please call us on 0700 000 000.' },
  });
  assert.equal(sent.statusCode, 201, sent.body);
  const fake = fakeSms();
  const deps = { db: ctx.db, clock: ctx.clock, provider: fake.provider, timeZone: 'Africa/Nairobi' };
  assert.equal((await sendDueMessages(deps)).claimed, 0);
  ctx.clock.set('2025-03-04T06:59:00+03:00');
  assert.equal((await sendDueMessages(deps)).claimed, 0);
  ctx.clock.set('2025-03-04T07:00:00+03:00');
  assert.equal((await sendDueMessages(deps)).sent, 1);
  assert.equal(fake.sent[0]?.text.startsWith('Hello '), true);
  const [message] = await messagesOf(ctx, loan.id);
  assert.deepEqual(
    [message?.status, message?.costText, message?.cost, message?.providerMessageId],
    ['sent', 'KES 0.8000', '0.8000', 'ATXid_1'],
  );

  // The delivery report: a wrong secret is a 404; the right one marks the message delivered once.
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const wrong = await ctx.app.inject({
    method: 'POST',
    url: '/api/sms/wrong-secret-0123456789abcdef/delivery-report',
    headers: form,
    payload: 'id=ATXid_1&status=Success',
  });
  assert.equal(wrong.statusCode, 404);
  const report = await ctx.app.inject({
    method: 'POST',
    url: `/api/sms/${SMS_SECRET}/delivery-report`,
    headers: form,
    payload: 'id=ATXid_1&status=Success&phoneNumber=%2B254700000000&networkCode=63902&retryCount=0',
  });
  assert.deepEqual([report.statusCode, report.json().result], [200, 'delivered']);
  assert.equal((await messagesOf(ctx, loan.id))[0]?.status, 'delivered');

  // The month's cost is summed for admins (signed in again: the night passed).
  const { asA: officer, admin: owner } = await ctx.signIn();
  const costs = await ctx.app.inject({ method: 'GET', url: '/api/messages/costs', headers: owner });
  assert.equal(costs.statusCode, 200, costs.body);
  assert.deepEqual(costs.json().months, [{ month: '2025-03', messages: 1, parts: 1, cost: 0.8 }]);
  const officerCosts = await ctx.app.inject({ method: 'GET', url: '/api/messages/costs', headers: officer });
  assert.equal(officerCosts.statusCode, 403);
});

test('an admin edits a template: unknown placeholders are refused by name, and new messages use the text', async (t) => {
  const ctx = await setUp(t);
  const bad = await ctx.app.inject({
    method: 'PUT',
    url: '/api/message-templates/receipt',
    headers: ctx.headers.admin,
    payload: { text: 'Got {amount} from {customer}' },
  });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.json().errors[0].msg, /Unknown placeholder \{customer\}/);
  const good = await ctx.app.inject({
    method: 'PUT',
    url: '/api/message-templates/receipt',
    headers: ctx.headers.admin,
    payload: { text: 'Asante {name}! Ksh {amount} received. Balance Ksh {balance}.' },
  });
  assert.equal(good.statusCode, 200, good.body);
  const templates = await ctx.app.inject({
    method: 'GET',
    url: '/api/message-templates',
    headers: ctx.headers.admin,
  });
  assert.equal(
    templates.json().templates.find((tpl: { kind: string }) => tpl.kind === 'receipt').text,
    'Asante {name}! Ksh {amount} received. Balance Ksh {balance}.',
  );
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, ctx.officerA.id, ctx.headers.admin);
  await payAndApprove(ctx.app, loan.id, 100, { officer: ctx.headers.asA, admin: ctx.headers.admin });
  const [receipt] = await messagesOf(ctx, loan.id);
  assert.match(receipt?.body ?? '', /^Asante \w+! Ksh 100\.00 received\. Balance Ksh/);

  const settings = await ctx.app.inject({
    method: 'PUT',
    url: '/api/lender-settings',
    headers: ctx.headers.admin,
    payload: { auto_lock: true, reminder_days_before: 2, paybill_number: '12345', reminders_enabled: true },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  const badSettings = await ctx.app.inject({
    method: 'PUT',
    url: '/api/lender-settings',
    headers: ctx.headers.admin,
    payload: { auto_lock: true, reminder_days_before: 2, paybill_number: '12', reminders_enabled: true },
  });
  assert.equal(badSettings.statusCode, 400);
  assert.match(badSettings.json().errors[0].msg, /Paybill number must be 5 to 7 digits/);
});

test('a message that could not go out in time is never sent late: a reminder after its day, anything after 3 days', async (t) => {
  const ctx = await setUp(t);
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, ctx.officerA.id, ctx.headers.admin);
  const deps = { db: ctx.db, timeZone: 'Africa/Nairobi' };
  await ctx.db.update(loans).set({ dueDate: '2025-03-03' }).where(eq(loans.id, loan.id));
  assert.equal(await queueDayReminders(deps, '2025-03-03', ctx.clock.now()), 1);
  await payAndApprove(ctx.app, loan.id, 100, { officer: ctx.headers.asA, admin: ctx.headers.admin });
  // The provider was out until the next morning: the reminder's day has passed, the receipt still goes.
  ctx.clock.set('2025-03-04T08:00:00+03:00');
  const fake = fakeSms();
  const round = await sendDueMessages({
    db: ctx.db,
    clock: ctx.clock,
    provider: fake.provider,
    timeZone: 'Africa/Nairobi',
  });
  assert.equal(round.sent, 1);
  const [reminder, receipt] = await messagesOf(ctx, loan.id);
  assert.deepEqual(
    [reminder?.kind, reminder?.status, reminder?.failureReason],
    ['reminder_due', 'failed', 'Expired: not sent in time'],
  );
  assert.deepEqual([receipt?.kind, receipt?.status], ['receipt', 'sent']);
});
