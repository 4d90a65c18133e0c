import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import type { BackupStatus } from '@lender/shared/contract/backups';
import { backups } from '../../db/schema';
import { ADMIN, authHeader, build, buildEmbedded, TEST_START } from '../../../test/helper';
import { fixtureUser } from '../../../test/fixtures';
import { startLocalS3 } from '../../../test/s3-server';
import { backupFileName, BackupBucket } from './locations';
import { msUntilNextBackup } from './nightly';
import { expiredBackups, type BackupSettings } from './service';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
const onPostgres = Boolean(process.env.DATABASE_URL);

test('msUntilNextBackup: the next BACKUP_HOUR in the lender zone', () => {
  // 01:00 in Nairobi (22:00 UTC the day before): 02:00 is an hour away.
  assert.equal(msUntilNextBackup(Date.parse('2025-03-09T22:00:00Z'), 'Africa/Nairobi', 2), HOUR);
  // 02:00 exactly has just passed: the next is tomorrow's.
  assert.equal(msUntilNextBackup(Date.parse('2025-03-09T23:00:00Z'), 'Africa/Nairobi', 2), 24 * HOUR);
  // 10:00 in Nairobi: 16 hours to 02:00.
  assert.equal(msUntilNextBackup(TEST_START.getTime(), 'Africa/Nairobi', 2), 16 * HOUR);
  assert.equal(msUntilNextBackup(Date.parse('2025-03-09T23:30:00Z'), 'UTC', 0), 30 * 60_000);
});

test('expiredBackups: older than the retention, never the newest, none with 0 days', () => {
  const now = Date.parse('2025-03-20T00:00:00Z');
  const names = [20, 15, 14.5, 3, 1].map((days) => backupFileName(now - days * DAY));
  const [twenty, fifteen, fourteenAndHalf] = names;
  assert.deepEqual(expiredBackups([...names, 'notes.txt'], now, 14), [twenty, fifteen, fourteenAndHalf]);
  assert.deepEqual(expiredBackups(names, now, 0), []);
  // Every backup older than the retention (the nightly ones failed for weeks): the last one stays.
  assert.deepEqual(expiredBackups(names.slice(0, 2), now, 7), [twenty]);
});

async function backupFolder(t: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lender-backups-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const settings = (dir: string, keepDays = 14): BackupSettings => ({ dir, keepDays, hour: 2 });

async function status(app: Awaited<ReturnType<typeof build>>['app'], headers: object) {
  return app.inject({ url: '/api/backups/status', headers: headers as Record<string, string> });
}

test('the dashboard figure: admins see the last successful backup and the 26-hour warning, officers are refused', async (t) => {
  const dir = await backupFolder(t);
  const { app, db, clock } = await build(t, { backups: settings(dir) });
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  const officer = await fixtureUser(db, 'officer');
  const officerHeaders = await authHeader(app, officer.email, officer.password);

  const refused = await status(app, officerHeaders);
  assert.equal(refused.statusCode, 403, refused.body);

  if (onPostgres) {
    // With DATABASE_URL the backups are the PostgreSQL server's: the server says so and takes none.
    assert.deepEqual((await status(app, admin)).json(), { database: 'postgres' });
    assert.equal(app.backups.embedded, false);
    await assert.rejects(app.backups.take('manual'), /Only the embedded database/);
    return;
  }
  assert.deepEqual((await status(app, admin)).json(), {
    database: 'embedded',
    last_success: null,
    overdue: true,
  });

  const taken = await app.backups.take('manual');
  assert.equal((await stat(taken.path)).mode & 0o777, 0o600);
  const shown = (await status(app, admin)).json<BackupStatus>();
  assert.deepEqual(shown, {
    database: 'embedded',
    last_success: { finished_at: taken.finishedAt, size_bytes: taken.sizeBytes, kind: 'manual' },
    overdue: false,
  });
  const [row] = await db.select().from(backups);
  assert.equal(row?.sha256, taken.sha256);
  assert.equal(row?.error, null);

  // Signed in again after each move: tokens last an hour of the test clock.
  const overdueAfter = async (ms: number) => {
    clock.advance(ms);
    const answer = await status(app, await authHeader(app, ADMIN.email, ADMIN.password));
    return answer.json<BackupStatus>().database === 'embedded' && answer.json<{ overdue: boolean }>().overdue;
  };
  assert.equal(await overdueAfter(26 * HOUR - 1000), false);
  assert.equal(await overdueAfter(2000), true);
});

test('a failed backup is logged and recorded, and the server carries on', async (t) => {
  const dir = await backupFolder(t);
  // A file where BACKUP_DIR's folder should be: the backup cannot be written.
  await writeFile(join(dir, 'blocked'), '');
  const { app, db } = await buildEmbedded(t, { backups: settings(join(dir, 'blocked', 'backups')) });

  assert.equal(await app.backups.nightly(), undefined);
  const [row] = await db.select().from(backups);
  assert.equal(row?.kind, 'nightly');
  assert.equal(row?.path, null);
  assert.match(row?.error ?? '', /ENOTDIR|not a directory/);
  const health = await app.inject({ url: '/api/health' });
  assert.equal(health.statusCode, 200);
  const admin = await authHeader(app, ADMIN.email, ADMIN.password);
  assert.deepEqual((await status(app, admin)).json(), {
    database: 'embedded',
    last_success: null,
    overdue: true,
  });
});

test('nightly: a backup, uploaded to the bucket, then those past BACKUP_KEEP_DAYS deleted here and there', async (t) => {
  const dir = await backupFolder(t);
  const s3 = await startLocalS3();
  t.after(() => s3.close());
  const { app, db, clock } = await buildEmbedded(t, { backups: settings(dir, 14), s3: s3.settings });
  const bucket = new BackupBucket(s3.settings);
  t.after(() => bucket.close());

  // Backups of earlier nights, here and in the bucket, and someone else's file.
  const now = clock.wallNow();
  const old = [30, 15].map((days) => backupFileName(now - days * DAY));
  const recent = backupFileName(now - 13 * DAY);
  for (const name of [...old, recent]) {
    await writeFile(join(dir, name), 'earlier');
    await bucket.upload(join(dir, name), name);
  }
  await writeFile(join(dir, 'keep-me.txt'), 'not a backup');

  const night = await app.backups.nightly();
  assert.ok(night);
  assert.match(night.backup.s3Key ?? '', /^backups\/lender-backup-.*\.tar$/);
  assert.deepEqual(night.deleted, { local: old, bucket: old });
  const mine = night.backup.path.split('/').at(-1) ?? '';
  assert.deepEqual((await readdir(dir)).sort(), [mine, recent, 'keep-me.txt'].sort());
  assert.deepEqual((await bucket.list()).sort(), [mine, recent].sort());
  const [row] = await db.select().from(backups).where(eq(backups.kind, 'nightly'));
  assert.equal(row?.s3Key, night.backup.s3Key);

  // BACKUP_KEEP_DAYS=0 keeps everything, however old.
  clock.advance(400 * DAY);
  const keepAll = await buildEmbedded(t, { backups: settings(dir, 0), s3: s3.settings });
  keepAll.clock.set(new Date(clock.wallNow()));
  const second = await keepAll.app.backups.nightly();
  assert.deepEqual(second?.deleted, { local: [], bucket: [] });
  assert.equal((await readdir(dir)).length, 4);
});
