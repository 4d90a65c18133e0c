/**
 * The day's reminder pass on a big book (issue 35; docs/integrations.md#figures): on a copy of a
 * `seed:scale` book (CREATE DATABASE … TEMPLATE, dropped afterwards) it queues the reminders of the
 * busiest due day and prints how many, how long, the slowest batch read and the plan of each pass's
 * first batch (whether it reads its index range in order), beside the database floor (the cheapest
 * indexed read of a loan by id through the same pool) and the load average. Prints figures; it is
 * not a test.
 *
 *   DATABASE_URL=postgres://…/postgres npm --prefix api exec tsx src/scripts/bench-reminders.ts -- --book lender_bench_1m
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { loans } from '../db/schema';
import { addDays } from '../domain/loan-engine';
import { queueDayReminders } from '../modules/messages/reminders';

const { values } = parseArgs({ options: { book: { type: 'string', default: 'lender_bench_1m' } } });
const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench-reminders: set DATABASE_URL to the PostgreSQL server holding the seed:scale book');
  process.exit(1);
}
const copy = `lender_bench_reminders_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${copy} template ${values.book}`);
const url = new URL(base);
url.pathname = `/${copy}`;
let handle: DatabaseHandle | undefined;
try {
  handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  const { db } = handle;
  // The busiest due day of the open book: the worst day for the pass.
  const busiest = await db.execute(
    sql`select due_date::text as day, count(*)::int as loans from loans
        where status in ('active', 'partially_paid', 'overdue', 'defaulted') and disbursement_date is not null
        group by due_date order by count(*) desc limit 1`,
  );
  const { day, loans: dueThatDay } = (busiest as unknown as { rows: { day: string; loans: number }[] })
    .rows[0]!;
  const open = await db.execute(
    sql`select count(*)::int as n from loans where status in ('active', 'partially_paid', 'overdue', 'defaulted')`,
  );
  const openLoans = (open as unknown as { rows: { n: number }[] }).rows[0]!.n;

  // Each pass's first batch as the pass reads it (reminders.ts): the open statuses on one day, in id order.
  const plans: Record<string, string> = {};
  for (const [kind, onDay] of [
    ['reminder_missed', addDays(day, -1)],
    ['reminder_due', day],
  ] as const) {
    const explained = await db.execute(
      sql`explain (analyze, buffers) select id from loans
          where status in ('active', 'partially_paid', 'overdue', 'defaulted') and due_date = ${onDay}::date
            and id > 0 and disbursement_date is not null
          order by id limit 200`,
    );
    const lines = (explained as unknown as { rows: Record<string, string>[] }).rows.map(
      (row) => row['QUERY PLAN'],
    );
    plans[kind] = lines.filter((line) => /Scan|Sort|Execution Time/.test(line ?? '')).join(' | ');
  }

  const [one] = await db.select({ id: loans.id }).from(loans).limit(1);
  const floorStarted = performance.now();
  for (let i = 0; i < 1000; i += 1)
    await db.select({ id: loans.id, status: loans.status }).from(loans).where(eq(loans.id, one!.id));
  const floorPerSecond = 1000 / ((performance.now() - floorStarted) / 1000);

  const now = new Date(`${day}T08:00:00+03:00`);
  const started = performance.now();
  const queued = await queueDayReminders({ db, timeZone: 'Africa/Nairobi' }, day, now);
  const seconds = (performance.now() - started) / 1000;
  const again = performance.now();
  const queuedAgain = await queueDayReminders({ db, timeZone: 'Africa/Nairobi' }, day, now);
  const secondsAgain = (performance.now() - again) / 1000;
  const [load1] = loadavg();
  console.log(
    JSON.stringify(
      {
        book: values.book,
        openLoans,
        day,
        loansDueThatDay: dueThatDay,
        remindersQueued: queued,
        seconds: Number(seconds.toFixed(1)),
        queuedPerSecond: Math.round(queued / seconds),
        // A second pass the same day writes nothing (one reminder a day per loan), and reads again.
        secondPassQueued: queuedAgain,
        secondPassSeconds: Number(secondsAgain.toFixed(1)),
        databaseFloorReadsPerSecond: Math.round(floorPerSecond),
        queuedToFloorRatio: Number((queued / seconds / floorPerSecond).toFixed(3)),
        firstBatchPlans: plans,
        loadAverage1m: Number(load1?.toFixed(2)),
      },
      null,
      2,
    ),
  );
} finally {
  await handle?.close();
  await admin.query(`drop database if exists ${copy} with (force)`);
  await admin.end();
}
