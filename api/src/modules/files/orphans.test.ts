import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './service';
import { S3Storage } from './storage';
import { build } from '../../../test/helper';
import { startLocalS3 } from '../../../test/s3-server';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** Writes a stored file as a crash would leave it, `ageMs` old by its modification time. */
async function leaveFile(filesDir: string, key: string, ageMs: number): Promise<string> {
  await mkdir(filesDir, { recursive: true });
  const path = join(filesDir, key);
  await writeFile(path, PNG);
  const when = new Date(Date.now() - ageMs);
  await utimes(path, when, when);
  return path;
}

/** The files row of a user's avatar stored under `key`. */
const recordFile = (db: Database, key: string) =>
  db.insert(files).values({
    key,
    ownerEntity: 'user',
    ownerId: 1,
    purpose: 'avatar',
    mime: 'image/png',
    size: PNG.length,
    createdAt: new Date(),
  });

describe('uploaded files without a record', () => {
  test('are swept once they are older than the grace period; recorded and fresh files stay', async (t) => {
    const { app, db, filesDir } = await build(t);
    const recordedKey = 'recordedrecorded0001.png';
    await recordFile(db, recordedKey);
    const recorded = await leaveFile(filesDir, recordedKey, 2 * ORPHAN_GRACE_MS);
    const orphan = await leaveFile(filesDir, 'orphanorphanorphan01.png', ORPHAN_GRACE_MS + 60_000);
    // Its transaction may still be committing on another instance.
    const inFlight = await leaveFile(filesDir, 'inflightinflight0001.png', 1000);
    // Not a key this server makes: never touched.
    const foreign = await leaveFile(filesDir, 'notes.txt', 2 * ORPHAN_GRACE_MS);

    const result = await sweepOrphanFiles(db, app.files.storage, Date.now());
    assert.deepEqual(result, { checked: 2, removed: 1 });
    assert.deepEqual(
      [recorded, orphan, inFlight, foreign].map((path) => existsSync(path)),
      [true, false, true, true],
    );
  });

  test('the server sweeps them once it listens, without holding up its start', async (t) => {
    const { app, filesDir } = await build(t);
    const orphan = await leaveFile(filesDir, 'leftbyacrashleftby01.jpg', ORPHAN_GRACE_MS + 60_000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    for (let waited = 0; existsSync(orphan) && waited < 10_000; waited += 50) await sleep(50);
    assert.equal(existsSync(orphan), false);
  });

  test('in an S3 bucket too: unrecorded objects past the grace period go, recorded ones stay', async (t) => {
    const { db } = await build(t);
    const s3 = await startLocalS3();
    const storage = new S3Storage(s3.settings);
    t.after(async () => {
      storage.close();
      await s3.close();
    });
    await recordFile(db, 'recordedinbucket0001.png');
    await storage.put('recordedinbucket0001.png', PNG);
    await storage.put('orphaninbucket000001.png', PNG);

    // Just written: within the grace period, nothing is touched.
    assert.deepEqual(await sweepOrphanFiles(db, storage, Date.now()), { checked: 0, removed: 0 });
    // The same objects seen from a sweep past the grace period (S3 sets the write time itself).
    const later = Date.now() + ORPHAN_GRACE_MS + 60_000;
    assert.deepEqual(await sweepOrphanFiles(db, storage, later), { checked: 2, removed: 1 });
    const kept = await storage.open('recordedinbucket0001.png');
    assert.ok(kept);
    assert.deepEqual(await buffer(kept), PNG);
    assert.equal(await storage.open('orphaninbucket000001.png'), null);
  });
});
