/**
 * `npm run power-cut` (from the root; `-- --trials 20 --writes 120`): many simulated power cuts
 * (test/power-cut.ts) with commits waiting for the disk (the product) and without (PGlite as it
 * came, fsync off), the same seeds and writes for both, and prints what each kept and lost and what
 * waiting costs a write. `npm test` runs three seeds of it (src/db/power-cut.embedded.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { parseArgs } from 'node:util';
import { runPowerCutTrial, type PowerCutResult } from './power-cut';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '20' },
    writes: { type: 'string', default: '120' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
  },
});
const trials = Number(values.trials);
const writes = Number(values.writes);
const firstSeed = Number(values.seed);
if (![trials, writes, firstSeed].every(Number.isSafeInteger) || trials < 1 || writes < 2) {
  console.error('--trials, --writes and --seed must be whole numbers (trials ≥ 1, writes ≥ 2)');
  process.exit(2);
}

const percentile = (sorted: number[], share: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0) : 0;

interface Tally {
  acknowledged: number;
  lost: number;
  trialsLosing: number;
  unopened: number;
  latencies: number[];
  syncs: number;
}
const tally = (): Tally => ({
  acknowledged: 0,
  lost: 0,
  trialsLosing: 0,
  unopened: 0,
  latencies: [],
  syncs: 0,
});
const byMode = { durable: tally(), 'fsync off': tally() };

const add = (into: Tally, result: PowerCutResult) => {
  into.acknowledged += result.acknowledged;
  into.lost += result.lost.length;
  if (result.lost.length) into.trialsLosing += 1;
  if (!result.opened) into.unopened += 1;
  into.latencies.push(...result.latenciesMs);
  into.syncs += result.fileSyncs;
};

console.log(
  `Power cuts: ${trials} trials a mode, ${writes} writes a trial, seeds ${firstSeed}…${firstSeed + trials - 1}`,
);
const started = performance.now();
for (let trial = 0; trial < trials; trial += 1) {
  const seed = firstSeed + trial;
  for (const durable of [true, false]) {
    const result = await runPowerCutTrial({ seed, durable, writes, loans: 10 });
    add(byMode[durable ? 'durable' : 'fsync off'], result);
    console.log(
      `  seed ${seed} ${durable ? 'durable  ' : 'fsync off'}: ${result.acknowledged} acknowledged, ` +
        `${result.lost.length} lost${result.opened ? '' : ` (would not open: ${result.openError ?? ''})`}, ` +
        `${result.unsyncedAtCut} file writes unsynced at the cut` +
        (result.checkpointsBeforeCut ? ', after a checkpoint' : ''),
    );
    if (durable && result.lost.length) console.log(`    lost: ${result.lost.join('; ')}`);
  }
}

console.log(
  '\n| mode | trials | acknowledged | lost | trials losing | would not open | write p50 | write p95 | fsyncs |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [mode, t] of Object.entries(byMode)) {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  console.log(
    `| ${mode} | ${trials} | ${t.acknowledged} | ${t.lost} | ${t.trialsLosing} | ${t.unopened} | ` +
      `${percentile(sorted, 0.5).toFixed(1)} ms | ${percentile(sorted, 0.95).toFixed(1)} ms | ${t.syncs} |`,
  );
}
// What a commit costs alone: single-row inserts into a bare table, the two modes taking turns.
async function commitTimes(durable: boolean, count: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'lender-commit-cost-'));
  const handle = await openDatabase({ pgliteDir: join(dir, 'pglite'), durable });
  try {
    await handle.db.execute(sql`create table commit_cost (id serial primary key, amount numeric(12,2))`);
    const times: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const started = performance.now();
      await handle.db.execute(sql`insert into commit_cost (amount) values (${'100.00'})`);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}
const commits = { durable: [] as number[], 'fsync off': [] as number[] };
for (let round = 0; round < 3; round += 1) {
  commits.durable.push(...(await commitTimes(true, 200)));
  commits['fsync off'].push(...(await commitTimes(false, 200)));
}
console.log('\n| one commit (600 single-row inserts, modes alternating) | p50 | p95 |');
console.log('|---|---|---|');
for (const [mode, times] of Object.entries(commits)) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `| ${mode} | ${percentile(sorted, 0.5).toFixed(2)} ms | ${percentile(sorted, 0.95).toFixed(2)} ms |`,
  );
}

const [one, five] = loadavg();
console.log(
  `\n${((performance.now() - started) / 1000).toFixed(0)} s; load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min). ` +
    'Latency: one write request through the HTTP layer (app.inject), 4 in flight.',
);
process.exit(byMode.durable.lost > 0 ? 1 : 0);
