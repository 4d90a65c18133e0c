/**
 * The device-lock outbox's figures (issue 35; docs/integrations.md#figures): how many commands a
 * second two instances deliver together on PostgreSQL (each its own connection pool claiming with
 * SKIP LOCKED, the provider answering in --latency-ms), that none is delivered twice, and the delay
 * from a command's writing to its delivery while commands keep arriving. Beside them, in the same
 * run: the database floor (the cheapest indexed read of a command by id through the same pool)
 * and the load average. Prints figures; it is not a test.
 *
 *   DATABASE_URL=postgres://…/test npm --prefix api exec tsx src/scripts/bench-outbox.ts [--commands 5000] [--latency-ms 20]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { deviceCommands } from '../db/schema';
import type { Clock } from '../domain/clock';
import { fixtureCustomer, fixturePendingLoan, fixtureUser } from '../../test/fixtures';
import type { DeviceLockProvider } from '../modules/device-lock/provider';
import { deliverDueCommands } from '../modules/device-lock/worker';

const { values } = parseArgs({
  options: {
    commands: { type: 'string', default: '5000' },
    'latency-ms': { type: 'string', default: '20' },
    'arrivals-per-second': { type: 'string', default: '200' },
  },
});
const base = process.env.DATABASE_URL;
if (!base) {
  console.error(
    'bench-outbox: set DATABASE_URL to a PostgreSQL server (a scratch database is created on it)',
  );
  process.exit(1);
}
const total = Number(values.commands);
const latencyMs = Number(values['latency-ms']);
const arrivals = Number(values['arrivals-per-second']);
const clock: Clock = { now: () => new Date(), wallNow: () => Date.now() };

const scratch = `lender_bench_outbox_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${scratch}`);
const url = new URL(base);
url.pathname = `/${scratch}`;

const deliveries = new Map<number, number>();
const provider: DeviceLockProvider = {
  name: 'bench',
  send: async (command) => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    deliveries.set(command.id, (deliveries.get(command.id) ?? 0) + 1);
    return { ok: true };
  },
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let first: DatabaseHandle | undefined;
let second: DatabaseHandle | undefined;
try {
  first = await openDatabase({ databaseUrl: url.toString() });
  await first.migrate();
  second = await openDatabase({ databaseUrl: url.toString() });
  const officer = await fixtureUser(first.db, 'officer');
  const customer = await fixtureCustomer(first.db, officer.id);
  const loan = await fixturePendingLoan(first.db, customer.id, officer.id);
  const insert = (count: number, from: number) =>
    first!.db
      .execute(sql`insert into ${deviceCommands} (loan_id, device_uid, action, reason, next_attempt_at, created_at)
      select ${loan.id}, 'IMEI' || g, 'lock', 'officer_lock', now(), now() from generate_series(${from}::int, ${from + count - 1}::int) g`);

  // The floor: the cheapest indexed read of a command, one at a time through the same pool.
  await insert(1, 0);
  const [one] = await first.db.select({ id: deviceCommands.id }).from(deviceCommands).limit(1);
  const floorStarted = performance.now();
  for (let i = 0; i < 1000; i += 1)
    await first.db
      .select({ id: deviceCommands.id })
      .from(deviceCommands)
      .where(eq(deviceCommands.id, one!.id));
  const floorPerSecond = 1000 / ((performance.now() - floorStarted) / 1000);

  // Throughput: a backlog of `total` commands (an outage's worth), two instances draining it.
  await insert(total, 1);
  const drain = async (handle: DatabaseHandle) => {
    for (;;) {
      const round = await deliverDueCommands({ db: handle.db, clock, provider, batchSize: 50 });
      if (round.claimed === 0) return;
    }
  };
  const started = performance.now();
  await Promise.all([drain(first), drain(second)]);
  const seconds = (performance.now() - started) / 1000;
  const twice = [...deliveries.values()].filter((n) => n > 1).length;

  // Delay under load: commands keep arriving while both instances poll every 200 ms.
  const waveFrom = total + 1;
  let stop = false;
  const poll = async (handle: DatabaseHandle) => {
    while (!stop) {
      const round = await deliverDueCommands({ db: handle.db, clock, provider, batchSize: 50 });
      if (round.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const pollers = [poll(first), poll(second)];
  const waveSeconds = 10;
  for (let s = 0; s < waveSeconds * 10; s += 1) {
    await insert(Math.round(arrivals / 10), waveFrom + s * Math.round(arrivals / 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  stop = true;
  await Promise.all(pollers);
  const delays = (
    await first.db
      .select({ ms: sql<number>`extract(epoch from (sent_at - created_at)) * 1000`.mapWith(Number) })
      .from(deviceCommands)
      .where(sql`id > ${total + 1} and sent_at is not null`)
  )
    .map((row) => row.ms)
    .sort((a, b) => a - b);
  const [load1] = loadavg();
  console.log(
    JSON.stringify(
      {
        backlog: total,
        providerLatencyMs: latencyMs,
        instances: 2,
        deliveredPerSecond: Math.round(total / seconds),
        deliveredTwice: twice,
        databaseFloorReadsPerSecond: Math.round(floorPerSecond),
        // Commands delivered per cheapest indexed read, both measured here: how close delivery is to the floor.
        deliveredToFloorRatio: Number((total / seconds / floorPerSecond).toFixed(2)),
        underLoad: {
          arrivalsPerSecond: arrivals,
          delivered: delays.length,
          delayP50Ms: Math.round(pct(delays, 50)),
          delayP99Ms: Math.round(pct(delays, 99)),
        },
        loadAverage1m: Number(load1?.toFixed(2)),
      },
      null,
      2,
    ),
  );
} finally {
  await first?.close();
  await second?.close();
  await admin.query(`drop database if exists ${scratch} with (force)`);
  await admin.end();
}
