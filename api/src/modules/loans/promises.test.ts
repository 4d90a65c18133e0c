import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { confirmPaybill, fixtureDisbursedLoan, fixtureLoan, payAndApprove } from '../../../test/fixtures';
import { ADMIN, authHeader, build, type TestApp } from '../../../test/helper';
import { staff, type Staff } from '../../../test/support/applications';

/**
 * Collections (issue 14): typed loan notes, promises to pay and their status as the clock moves,
 * the loan lists' promise columns and filter, and the export's promise columns. The clock starts
 * on Monday 3 March 2025 (Nairobi); a loan disbursed then falls due on 10 March (due in 2–7 days).
 */

async function disbursedLoan(ctx: TestApp, people: Staff, officerId: number, firstName: string) {
  const name = { firstName, lastName: 'Otieno' };
  const loan = await fixtureDisbursedLoan(ctx.app, ctx.db, officerId, people.admin, {}, name);
  return loan.id;
}

async function setup(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const people = await staff(ctx);
  const addNote = (loanId: number, payload: Record<string, unknown>, headers = people.officerA) =>
    ctx.app.inject({ method: 'POST', url: `/api/loans/notes/${loanId}`, headers, payload });
  const notesOf = async (loanId: number) => {
    const response = await ctx.app.inject({ url: `/api/loans/notes/${loanId}`, headers: people.officerA });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { id: number; type: string; promise_status: string | null }[];
  };
  const list = async (query: string, headers = people.admin, path = '/api/loans/due-2-7-days') => {
    const response = await ctx.app.inject({ url: `${path}${query}`, headers });
    assert.equal(response.statusCode, 200, response.body);
    return response.json().data as {
      id: number;
      promise_date: string | null;
      promise_amount: number | null;
      promise_status: string | null;
    }[];
  };
  const pay = (loanId: number, amount: number) =>
    payAndApprove(ctx.app, loanId, amount, { officer: people.officerA, admin: people.admin });
  // Sessions end as the clock moves on: sign in again on the new day.
  const setDay = async (day: string) => {
    ctx.clock.set(`${day}T07:00:00.000Z`);
    Object.assign(people.admin, await authHeader(ctx.app, ADMIN.email, ADMIN.password));
    Object.assign(people.officerA, await authHeader(ctx.app, 'a@lender.local', 'OfficerA123!'));
  };
  return { ...ctx, people, addNote, notesOf, list, pay, setDay };
}

const promise = (promise_date: string, promise_amount: number | string) => ({
  note: 'Will pay on Friday',
  note_date: '2025-03-03',
  type: 'promise',
  promise_date,
  promise_amount,
});

test('notes have a type: call, visit, other (the default) and a promise with its date, amount and status', async (t) => {
  const { people, addNote, notesOf, ...ctx } = await setup(t);
  const loanId = await disbursedLoan(ctx, people, people.officerAId, 'Akinyi');

  const plain = await addNote(loanId, { note: 'No type given', note_date: '2025-03-03' });
  assert.equal(plain.statusCode, 201, plain.body);
  assert.deepEqual(
    (({ type, promise_date, promise_amount, promise_status }) => ({
      type,
      promise_date,
      promise_amount,
      promise_status,
    }))(plain.json().note),
    { type: 'other', promise_date: null, promise_amount: null, promise_status: null },
  );
  for (const type of ['call', 'visit']) {
    const created = await addNote(loanId, { note: `A ${type}`, note_date: '2025-03-03', type });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().note.type, type);
  }
  const promised = await addNote(loanId, promise('2025-03-07', '1500.50'));
  assert.equal(promised.statusCode, 201, promised.body);
  assert.equal(promised.json().note.type, 'promise');
  assert.equal(promised.json().note.promise_date, '2025-03-07');
  assert.equal(promised.json().note.promise_amount, 1500.5);
  assert.equal(promised.json().note.promise_status, 'pending');

  assert.deepEqual(
    (await notesOf(loanId)).map((n) => n.type),
    ['promise', 'visit', 'call', 'other'],
  );
  // The loan's detail shows its latest promise.
  const detail = await ctx.app.inject({ url: `/api/loans/${loanId}`, headers: people.officerA });
  assert.equal(detail.json().promise_date, '2025-03-07');
  assert.equal(detail.json().promise_amount, 1500.5);
  assert.equal(detail.json().promise_status, 'pending');
});

test('a promise without its date or amount, a non-promise with them, a past or far date, a bad amount: 400 naming the field', async (t) => {
  const { people, addNote, ...ctx } = await setup(t);
  const loanId = await disbursedLoan(ctx, people, people.officerAId, 'Akinyi');
  const fieldsOf = (body: { errors: { field: string; msg: string }[] }) =>
    body.errors.map((e) => e.field).sort();

  const bare = await addNote(loanId, { note: 'Promised', note_date: '2025-03-03', type: 'promise' });
  assert.equal(bare.statusCode, 400);
  assert.deepEqual(fieldsOf(bare.json()), ['promise_amount', 'promise_date']);
  assert.match(bare.json().errors[0].msg, /required for a promise to pay/);

  const call = await addNote(loanId, {
    note: 'Called',
    note_date: '2025-03-03',
    type: 'call',
    promise_amount: 100,
  });
  assert.equal(call.statusCode, 400);
  assert.deepEqual(fieldsOf(call.json()), ['promise_amount']);
  assert.match(call.json().errors[0].msg, /only for a promise to pay/);

  const kind = await addNote(loanId, { note: 'x', note_date: '2025-03-03', type: 'sms' });
  assert.equal(kind.statusCode, 400);
  assert.deepEqual(fieldsOf(kind.json()), ['type']);

  for (const [payload, field, message] of [
    [promise('2025-03-02', 100), 'promise_date', /cannot be before today/],
    [promise('2025-06-02', 100), 'promise_date', /at most 90 days/],
    [promise('2025-02-30', 100), 'promise_date', /valid date/],
    [promise('2025-03-07', 0), 'promise_amount', /greater than 0/],
    [promise('2025-03-07', 10.123), 'promise_amount', /2 decimal/],
  ] as const) {
    const refused = await addNote(loanId, payload);
    assert.equal(refused.statusCode, 400, `${JSON.stringify(payload)}: ${refused.body}`);
    assert.deepEqual(fieldsOf(refused.json()), [field]);
    assert.match(refused.json().errors[0].msg, message);
  }
  // 90 days ahead is the furthest allowed.
  assert.equal((await addNote(loanId, promise('2025-06-01', 100))).statusCode, 201);

  // Not yet disbursed: nothing to promise.
  const pending = await fixtureLoan(ctx.db, people.officerAId);
  const undisbursed = await addNote(pending.id, promise('2025-03-07', 100));
  assert.equal(undisbursed.statusCode, 409);
});

test('a promise is pending, kept once the repayments from the note date through the promise date cover it, broken when its date passes unpaid', async (t) => {
  const { people, addNote, notesOf, list, pay, setDay, ...ctx } = await setup(t);
  const kept = await disbursedLoan(ctx, people, people.officerAId, 'Kept');
  const broken = await disbursedLoan(ctx, people, people.officerAId, 'Broken');
  const none = await disbursedLoan(ctx, people, people.officerAId, 'None');

  // Paid before the note: does not count towards the promise.
  await pay(kept, 300);
  assert.equal((await addNote(kept, promise('2025-03-07', 1000))).statusCode, 201);
  assert.equal((await addNote(broken, promise('2025-03-05', 800))).statusCode, 201);

  const statusOf = async (id: number) => {
    const detail = await ctx.app.inject({ url: `/api/loans/${id}`, headers: people.admin });
    return detail.json().promise_status as string | null;
  };
  assert.equal(await statusOf(kept), 'pending');
  assert.equal(await statusOf(none), null);

  await setDay('2025-03-05');
  await pay(kept, 600);
  await pay(broken, 500);
  assert.equal(await statusOf(kept), 'pending', '600 of 1000');
  assert.equal(await statusOf(broken), 'pending', 'due today, 500 of 800');

  await setDay('2025-03-06');
  assert.equal(await statusOf(broken), 'broken', 'its date passed, nobody touched it');
  await pay(broken, 300); // late: after the promise date
  assert.equal(await statusOf(broken), 'broken');

  await pay(kept, 400);
  assert.equal(await statusOf(kept), 'kept');

  // The lists' filter and columns, on the same rule.
  const ids = async (filter: string, path?: string) =>
    (await list(`?promise=${filter}`, people.admin, path)).map((row) => row.id).sort((a, b) => a - b);
  assert.deepEqual(await ids('kept'), [kept]);
  assert.deepEqual(await ids('broken'), [broken]);
  assert.deepEqual(await ids('pending'), []);
  assert.deepEqual(await ids('none'), [none]);
  const row = (await list('?promise=kept'))[0];
  assert.equal(row?.promise_date, '2025-03-07');
  assert.equal(row?.promise_amount, 1000);
  assert.equal(row?.promise_status, 'kept');

  await setDay('2025-03-09');
  assert.equal(await statusOf(kept), 'kept', 'stays kept after its date');
  assert.deepEqual(
    (await notesOf(kept)).map((n) => n.promise_status),
    ['kept'],
  );
  assert.deepEqual(
    (await notesOf(broken)).map((n) => n.promise_status),
    ['broken'],
  );

  // A new promise replaces the latest; the broken one stays broken on its note.
  assert.equal(
    (await addNote(broken, { ...promise('2025-03-12', 2000), note_date: '2025-03-09' })).statusCode,
    201,
  );
  assert.deepEqual(await ids('pending', '/api/loans/due-tomorrow'), [broken]);
  assert.deepEqual(await ids('broken', '/api/loans/due-tomorrow'), []);
  assert.deepEqual(
    (await notesOf(broken)).map((n) => n.promise_status),
    ['pending', 'broken'],
  );

  const bad = await ctx.app.inject({ url: '/api/loans/due-2-7-days?promise=maybe', headers: people.admin });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /promise must be one of none, pending, kept, broken/);
});

test('a paybill payment keeps a promise; the defaulted list shows and filters by promise', async (t) => {
  const { people, addNote, setDay, ...ctx } = await setup(t);
  const loanId = await disbursedLoan(ctx, people, people.officerAId, 'Paybill');
  assert.equal((await addNote(loanId, promise('2025-03-10', 2750))).statusCode, 201);
  await confirmPaybill(ctx.app, { account: encodeAccountNumber(loanId), amount: '2750.00' });
  const detail = await ctx.app.inject({ url: `/api/loans/${loanId}`, headers: people.admin });
  assert.equal(detail.json().promise_status, 'kept');

  // An unpaid loan with a broken promise, past the default threshold (30 days) on 20 April.
  const defaulted = await disbursedLoan(ctx, people, people.officerAId, 'Defaulted');
  assert.equal((await addNote(defaulted, promise('2025-03-20', 500))).statusCode, 201);
  await setDay('2025-04-20');
  const page = await ctx.app.inject({
    url: '/api/loans/loan-details/defaulted?promise=broken',
    headers: people.admin,
  });
  assert.equal(page.statusCode, 200, page.body);
  assert.deepEqual(
    page.json().data.map((row: { id: number; promise_status: string }) => [row.id, row.promise_status]),
    [[defaulted, 'broken']],
  );
});

test('officers: their own book only, for notes and for the promise filter', async (t) => {
  const { people, addNote, list, ...ctx } = await setup(t);
  const mine = await disbursedLoan(ctx, people, people.officerAId, 'Mine');
  const theirs = await disbursedLoan(ctx, people, people.officerBId, 'Theirs');
  assert.equal((await addNote(theirs, promise('2025-03-07', 100))).statusCode, 404);
  assert.equal((await addNote(theirs, promise('2025-03-07', 100), people.officerB)).statusCode, 201);
  assert.equal((await addNote(mine, promise('2025-03-07', 100))).statusCode, 201);

  assert.deepEqual(
    (await list('?promise=pending', people.officerA)).map((row) => row.id),
    [mine],
  );
  // An officer cannot widen the scope through the query.
  assert.deepEqual(
    (await list(`?promise=pending&officerId=${people.officerBId}`, people.officerA)).map((row) => row.id),
    [mine],
  );
  assert.deepEqual(
    (await list('?promise=pending', people.admin)).map((row) => row.id).sort((a, b) => a - b),
    [mine, theirs].sort((a, b) => a - b),
  );
});

test('the loans export has the promise columns and takes the promise filter', async (t) => {
  const { people, addNote, ...ctx } = await setup(t);
  const promised = await disbursedLoan(ctx, people, people.officerAId, 'Promised');
  await disbursedLoan(ctx, people, people.officerAId, 'Silent');
  assert.equal((await addNote(promised, promise('2025-03-07', '1234.5'))).statusCode, 201);

  const exported = await ctx.app.inject({
    url: '/api/exports/loans.csv?list=due2to7&promise=pending',
    headers: people.officerA,
  });
  assert.equal(exported.statusCode, 200, exported.body);
  const lines = exported.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');
  assert.match(lines[0] ?? '', /,Promise Date,Promise Amount,Promise Status$/);
  assert.equal(lines.length, 2, 'the promised loan only');
  assert.match(lines[1] ?? '', new RegExp(`^${promised},.*,2025-03-07,1234.50,Pending$`));

  const all = await ctx.app.inject({ url: '/api/exports/loans.csv?list=due2to7', headers: people.officerA });
  const silent = all.body.split('\r\n').find((line) => line.includes('Silent'));
  assert.match(silent ?? '', /,,,$/);
  const bad = await ctx.app.inject({
    url: '/api/exports/loans.csv?list=due2to7&promise=x',
    headers: people.admin,
  });
  assert.equal(bad.statusCode, 400);
});
