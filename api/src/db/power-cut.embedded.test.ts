import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPowerCutTrial } from '../../test/power-cut';

// The embedded database on a disk that loses every unsynced write when the power goes
// (test/power-cut-disk.ts), cut at a seeded instant in a burst of money writes. `npm run
// power-cut` runs many more seeds and prints the figures (docs/security.md, "Power cuts").

// Seed 1 cuts before its checkpoint has finished, 5 and 8 after it, with 33 and 10 writes acknowledged.
for (const seed of [1, 5, 8]) {
  test(`power cut ${seed}: every disbursement, paybill payment and repayment acknowledged before the cut is there after the restart`, async () => {
    const result = await runPowerCutTrial({ seed, durable: true });
    assert.ok(result.acknowledged > 0, 'the cut fell after some writes were acknowledged');
    assert.ok(result.unsyncedAtCut > 0, 'writes were still unsynced at the cut: it had something to lose');
    assert.equal(result.openError, undefined);
    assert.equal(result.opened, true);
    assert.deepEqual(result.lost, []);
  });
}

test('the simulated disk bites: with commits not waiting for the disk (PGlite as it came), a cut loses acknowledged writes', async () => {
  const result = await runPowerCutTrial({ seed: 5, durable: false });
  assert.ok(result.acknowledged > 0);
  assert.equal(result.fileSyncs, 0, 'nothing was synced');
  assert.ok(result.lost.length > 0, `expected losses, got none of ${result.acknowledged}`);
});
