// Runs the stages of `npm test` side by side on the machine's cores. A stage starts once the
// stages it needs have passed and a slot is free, in the order listed (so the longest chain, the
// build and then the browser tests, starts first). Each stage's output is kept and printed whole
// when it ends, so that two stages running at once do not interleave their lines. After a
// failure no further stage starts; those already running finish (their results are worth having),
// then the run exits non-zero. The run ends with a table of every stage: result, tests, time.
import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * @typedef {object} Stage
 * @property {string} id
 * @property {string} label
 * @property {string} command
 * @property {string[]} args
 * @property {NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv)} [env] a function is called when the stage starts
 * @property {string[]} [needs] ids of the stages that must pass first
 */

/** Test counts a stage printed: node's test runner (TAP or spec) and jest's "Tests:" lines. */
export function testCounts(output) {
  const counts = { passed: 0, failed: 0, skipped: 0, found: false };
  // node --test: one summary at the end ("# pass 12" in TAP, "ℹ pass 12" with the spec reporter).
  const node = {};
  for (const match of output.matchAll(/^(?:#|ℹ) (pass|fail|skipped|todo|cancelled) (\d+)$/gm)) {
    node[match[1]] = Number(match[2]);
  }
  if ('pass' in node) {
    counts.found = true;
    counts.passed += node.pass;
    counts.failed += (node.fail ?? 0) + (node.cancelled ?? 0);
    counts.skipped += (node.skipped ?? 0) + (node.todo ?? 0);
  }
  // jest: "Tests:       1 failed, 2 skipped, 605 passed, 608 total", once per jest run.
  for (const match of output.matchAll(/^Tests:\s+(.*)$/gm)) {
    counts.found = true;
    for (const [, count, kind] of match[1].matchAll(/(\d+) (failed|skipped|todo|passed)/g)) {
      if (kind === 'passed') counts.passed += Number(count);
      else if (kind === 'failed') counts.failed += Number(count);
      else counts.skipped += Number(count);
    }
  }
  return counts;
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const runStarted = Date.now();
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Runs `stages` with at most `jobs` at once. Resolves with the results in the listed order;
 * the caller prints the summary (printSummary) and exits.
 */
export async function runStages(stages, { jobs }) {
  const results = new Map(); // id → { status: 'passed' | 'failed' | 'not run', ms, counts }
  const running = new Set();
  let failed = false;
  let peakLoad = 0;
  const sampler = setInterval(() => (peakLoad = Math.max(peakLoad, os.loadavg()[0])), 5000);

  const ready = (stage) =>
    !results.has(stage.id) &&
    !running.has(stage.id) &&
    (stage.needs ?? []).every((id) => results.get(id)?.status === 'passed');

  await new Promise((resolveAll) => {
    const startMore = () => {
      if (!failed) {
        for (const stage of stages) {
          if (running.size >= jobs) break;
          if (ready(stage)) start(stage);
        }
      }
      if (running.size === 0) resolveAll();
    };

    const start = (stage) => {
      running.add(stage.id);
      const started = Date.now();
      console.log(`▶ ${stage.label} (started at ${seconds(started - runStarted)}, load ${load()})`);
      const chunks = [];
      const child = spawn(stage.command, stage.args, {
        cwd: stage.cwd,
        env: (typeof stage.env === 'function' ? stage.env() : stage.env) ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      const finish = (code) => {
        if (!running.has(stage.id)) return;
        running.delete(stage.id);
        const ms = Date.now() - started;
        const output = Buffer.concat(chunks).toString();
        const status = code === 0 ? 'passed' : 'failed';
        if (status === 'failed') failed = true;
        results.set(stage.id, { status, ms, counts: testCounts(output) });
        console.log(`\n━━━━ ${stage.label} ━━━━`);
        process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
        console.log(
          status === 'passed'
            ? `✔ ${stage.label} (${(ms / 1000).toFixed(1)} s)`
            : `✖ ${stage.label} failed (exit ${code}, ${(ms / 1000).toFixed(1)} s)`,
        );
        startMore();
      };
      child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
      child.on('error', (error) => {
        chunks.push(Buffer.from(`${stage.command}: ${error.message}\n`));
        finish(1);
      });
    };

    startMore();
  });
  clearInterval(sampler);

  for (const stage of stages) {
    if (!results.has(stage.id)) results.set(stage.id, { status: 'not run', ms: 0, counts: undefined });
  }
  return { results, peakLoad };
}

/** The closing table: every stage's result, tests and time, the totals and the load. */
export function printSummary(stages, { results, peakLoad }, { budgetMinutes }) {
  const total = Date.now() - runStarted;
  const rows = stages.map((stage) => {
    const result = results.get(stage.id);
    const counts = result.counts?.found
      ? `${result.counts.passed} passed, ${result.counts.failed} failed` +
        (result.counts.skipped ? `, ${result.counts.skipped} skipped` : '')
      : '';
    const mark = { passed: '✔', failed: '✖', 'not run': '·' }[result.status];
    return [`${mark} ${stage.label}`, counts, result.status === 'not run' ? 'not run' : seconds(result.ms)];
  });
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('\n━━━━ Stages ━━━━');
  for (const [label, counts, time] of rows) {
    console.log(`${label.padEnd(widths[0])}  ${counts.padEnd(widths[1])}  ${time.padStart(7)}`);
  }
  const sum = { passed: 0, failed: 0 };
  for (const { counts } of results.values()) {
    sum.passed += counts?.passed ?? 0;
    sum.failed += counts?.failed ?? 0;
  }
  const minutes = total / 60000;
  console.log(
    `\nWall time ${minutes.toFixed(1)} min on ${os.availableParallelism()} cores (stage times add up to ` +
      `${(stages.reduce((acc, stage) => acc + results.get(stage.id).ms, 0) / 60000).toFixed(1)} min); ` +
      `load average now ${load()}, highest 1-minute load seen ${peakLoad.toFixed(2)}.`,
  );
  if (minutes > budgetMinutes) {
    console.log(
      `⚠ WARNING: the run took ${minutes.toFixed(1)} min, over the ${budgetMinutes}-minute budget ` +
        '(docs/development.md, "The test budget"): find the stage that grew before adding more.',
    );
  }
  console.log(`${sum.passed} passed, ${sum.failed} failed`);
}
