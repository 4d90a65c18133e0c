// The stage runner of `npm test` (scripts/stages.mjs): stages wait for what they need, no more run
// at once than allowed, a failure stops what has not started, and test counts are read from the
// output of node's test runner and jest. Run by `npm test`: node --test scripts/*.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runStages, testCounts } from './stages.mjs';

/** A stage that prints its name, waits `ms` and exits with `code`. */
const stage = (id, { ms = 0, code = 0, needs, print = '' } = {}) => ({
  id,
  label: id,
  needs,
  command: process.execPath,
  args: ['-e', `console.log(${JSON.stringify(print)}); setTimeout(() => process.exit(${code}), ${ms})`],
});

test('a stage starts only after the stages it needs have passed, and never more than `jobs` run at once', async () => {
  const started = [];
  const log = console.log;
  let running = 0;
  let most = 0;
  console.log = (line) => {
    if (typeof line === 'string' && line.startsWith('▶ ')) {
      started.push(line.slice(2).split(' ')[0]);
      running += 1;
      most = Math.max(most, running);
    }
    if (typeof line === 'string' && /^(✔|✖) /.test(line)) running -= 1;
  };
  try {
    const { results } = await runStages(
      [
        stage('build', { ms: 300 }),
        stage('browser', { needs: ['build'] }),
        stage('lint', { ms: 100 }),
        stage('types', { ms: 100 }),
      ],
      { jobs: 2 },
    );
    assert.deepEqual(
      ['build', 'browser', 'lint', 'types'].map((id) => results.get(id).status),
      ['passed', 'passed', 'passed', 'passed'],
    );
  } finally {
    console.log = log;
  }
  assert.equal(most, 2, 'two at a time');
  assert.deepEqual(started.slice(0, 2), ['build', 'lint'], 'the listed order, as slots free up');
  assert.ok(started.indexOf('browser') > started.indexOf('types'), 'browser waited for build');
});

test('after a failure no other stage starts, the running ones finish, and what needed the failed one is not run', async () => {
  const log = console.log;
  console.log = () => undefined;
  let outcome;
  try {
    outcome = await runStages(
      [
        stage('build', { code: 3 }),
        stage('slow', { ms: 300 }),
        stage('browser', { needs: ['build'] }),
        stage('later'),
      ],
      { jobs: 2 },
    );
  } finally {
    console.log = log;
  }
  const status = (id) => outcome.results.get(id).status;
  assert.equal(status('build'), 'failed');
  assert.equal(status('slow'), 'passed', 'the running stage finished');
  assert.equal(status('browser'), 'not run');
  assert.equal(status('later'), 'not run');
});

test("test counts come from node's test runner (TAP and spec) and from each jest run", () => {
  assert.deepEqual(
    testCounts('# tests 12\n# suites 0\n# pass 11\n# fail 1\n# cancelled 0\n# skipped 2\n# todo 0\n'),
    {
      passed: 11,
      failed: 1,
      skipped: 2,
      found: true,
    },
  );
  assert.deepEqual(testCounts('ℹ tests 3\nℹ pass 3\nℹ fail 0\n'), {
    passed: 3,
    failed: 0,
    skipped: 0,
    found: true,
  });
  assert.deepEqual(
    testCounts(
      'Tests:       197 passed, 197 total\nTime: 2 s\nTests:       1 failed, 2 skipped, 170 passed, 173 total\n',
    ),
    { passed: 367, failed: 1, skipped: 2, found: true },
  );
  assert.equal(testCounts('no tests here\n').found, false);
});
