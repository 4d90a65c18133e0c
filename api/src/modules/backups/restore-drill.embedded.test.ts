/**
 * The restore drill (issue 32): a book on a PGlite folder, backed up while repayments and
 * registrations with photos go on, restored into a new folder and served again. Whatever the
 * driver of the run, this file uses the embedded database: it is what backups are for.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { asc } from 'drizzle-orm';
import { buildApp, type App } from '../../app';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { auditLog, files, loans, repayments } from '../../db/schema';
import { toCents } from '@lender/shared/domain/cents';
import { ADMIN, authHeader, TestClock, testConfig } from '../../../test/helper';
import { fixtureDisbursedLoan, fixtureUser, payAndApprove } from '../../../test/fixtures';
import { newCustomerForm } from '../../../test/support/security';
import { CorruptBackupError } from './archive';
import { controlSocketPath } from './control-socket';
import { restoreBackup, RestoreRefusedError } from './restore';

async function serve(config: Config, clock: TestClock): Promise<App> {
  const app = await buildApp(config, { clock, logger: { level: config.logLevel } });
  await app.ready();
  return app;
}

/** Everything the drill compares, read straight from a database. */
async function contents(db: Database) {
  return {
    loans: await db.select().from(loans).orderBy(asc(loans.id)),
    repayments: await db.select().from(repayments).orderBy(asc(repayments.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    files: await db.select().from(files).orderBy(asc(files.key)),
  };
}

test('restore drill: a backup taken during writes restores every committed record and photo, and no half of any later one', async (t) => {
  const root = await mkdtemp(join(tmpdir(), 'lender-drill-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const backupDir = join(root, 'backups');
  const sourceConfig = testConfig(join(root, 'data'), {
    backups: { dir: backupDir, keepDays: 14, hour: 2 },
  });
  const clock = new TestClock();
  const source = await serve(sourceConfig, clock);
  t.after(() => source.close());

  // The book: an officer's disbursed loans and a customer registered with a photo.
  const officer = await fixtureUser(source.db, 'officer');
  const admin = await authHeader(source, ADMIN.email, ADMIN.password);
  const asOfficer = await authHeader(source, officer.email, officer.password);
  const loanIds: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    loanIds.push((await fixtureDisbursedLoan(source, source.db, officer.id, admin)).id);
  }
  const register = async () => {
    const created = await source.inject({
      method: 'POST',
      url: '/api/customerNew',
      headers: asOfficer,
      payload: newCustomerForm(),
    });
    assert.equal(created.statusCode, 201, created.body);
  };
  await register();

  // Repayments (recorded, then approved: two transactions) and registrations keep coming while
  // the backup is taken; each notes whether it ended before the backup began or began after it ended.
  type Phase = 'before' | 'during' | 'after';
  const moment: { phase: Phase } = { phase: 'before' };
  const done: { id: number; started: Phase; ended: Phase }[] = [];
  const pay = async (loanId: number) => {
    let after = 0;
    while (after < 2) {
      const started = moment.phase;
      const id = await payAndApprove(source, loanId, 50, { officer: asOfficer, admin });
      done.push({ id, started, ended: moment.phase });
      if (started === 'after') after += 1;
    }
  };
  const registrations = async () => {
    while (moment.phase !== 'after') await register();
  };
  const writers = [...loanIds.map(pay), registrations()];
  while (done.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
  const atStart = await contents(source.db);
  moment.phase = 'during';
  const backup = await source.backups.take('manual');
  moment.phase = 'after';
  await Promise.all(writers);
  const atEnd = await contents(source.db);
  assert.ok(
    done.some((write) => write.started === 'during' || write.ended === 'during'),
    'some writes overlapped the backup',
  );

  // Restored into a new folder, and served.
  const restoredDir = join(root, 'restored');
  const restored = await restoreBackup({ dataDir: restoredDir, source: backup.path, force: false });
  assert.equal(restored.files, backup.files);
  assert.equal((await stat(restoredDir)).mode & 0o777, 0o700);
  const copyConfig = testConfig(restoredDir, { backups: sourceConfig.backups });
  const copy = await serve(copyConfig, clock);
  t.after(() => copy.close());
  const back = await contents(copy.db);

  // Everything committed before the backup began is there.
  const ids = <T extends { id: number }>(rows: T[]) => new Set(rows.map((row) => row.id));
  for (const write of done.filter((w) => w.ended === 'before')) {
    assert.ok(ids(back.repayments).has(write.id), `repayment ${write.id} made before the backup`);
  }
  for (const row of atStart.audit)
    assert.deepEqual(
      back.audit.find((a) => a.id === row.id),
      row,
    );
  for (const row of atStart.files) assert.ok(back.files.some((f) => f.key === row.key));
  // Nothing begun after it ended is.
  for (const write of done.filter((w) => w.started === 'after')) {
    assert.ok(!ids(back.repayments).has(write.id), `repayment ${write.id} made after the backup`);
  }
  // Every row restored is the row as it was written (audit rows never change), none invented.
  for (const row of back.audit)
    assert.deepEqual(
      row,
      atEnd.audit.find((a) => a.id === row.id),
    );
  // Each repayment wholly there or wholly absent: a loan's paid amount is exactly its approved
  // repayments, and each repayment has its audit rows for the state it is in.
  for (const loan of back.loans.filter((l) => loanIds.includes(l.id))) {
    const approved = back.repayments.filter((r) => r.loanId === loan.id && r.status === 'paid');
    const sum = approved.reduce((total, r) => total + toCents(r.amount), 0n);
    assert.equal(toCents(loan.paidAmount), sum, `loan ${loan.id}'s paid amount`);
    assert.ok(
      toCents(loan.paidAmount) >= toCents(atStart.loans.find((l) => l.id === loan.id)?.paidAmount ?? '0'),
    );
  }
  for (const repayment of back.repayments) {
    const actions = back.audit
      .filter((a) => a.entity === 'repayment' && a.entityId === String(repayment.id))
      .map((a) => a.action);
    assert.ok(actions.includes('repayment.recorded'), `repayment ${repayment.id} recorded in the audit`);
    assert.equal(
      actions.includes('repayment.approved'),
      repayment.status === 'paid',
      `repayment ${repayment.id}`,
    );
  }
  // Every photo a restored record names is there, byte for byte, and served.
  assert.ok(back.files.length >= 1);
  for (const file of back.files) {
    const bytes = await readFile(join(restoredDir, 'files', file.key));
    assert.deepEqual(bytes, await readFile(join(sourceConfig.dataDir, 'files', file.key)));
    assert.equal(bytes.length, file.size);
  }
  const photo = await copy.inject({ url: String(copy.files.signedUrl(back.files[0]?.key)) });
  assert.equal(photo.statusCode, 200);

  await t.test('a damaged backup restores nothing', async () => {
    const damaged = join(root, 'damaged.tar');
    const bytes = await readFile(backup.path);
    // One byte of the database dump changed.
    bytes[4096] = (bytes[4096] ?? 0) ^ 0xff;
    await writeFile(damaged, bytes);
    const into = join(root, 'from-damaged');
    await assert.rejects(
      restoreBackup({ dataDir: into, source: damaged, force: false }),
      (error: unknown) =>
        error instanceof CorruptBackupError &&
        /database\/pglite\.tar\.gz does not match its checksum/.test(error.message),
    );
    assert.ok(!existsSync(join(into, 'pglite')));
    // Cut short: refused as well.
    await truncate(damaged, Math.floor(bytes.length / 2));
    await assert.rejects(restoreBackup({ dataDir: into, source: damaged, force: false }), CorruptBackupError);
    assert.ok(!existsSync(join(into, 'pglite')));
  });

  await t.test('a DATA_DIR that is not empty is refused, unless --force', async () => {
    await copy.close();
    await assert.rejects(
      restoreBackup({ dataDir: restoredDir, source: backup.path, force: false }),
      (error: unknown) =>
        error instanceof RestoreRefusedError && /is not empty \(.*pglite.*\).*--force/.test(error.message),
    );
    const forced = await restoreBackup({ dataDir: restoredDir, source: backup.path, force: true });
    assert.ok(forced.replaced.includes('files') && forced.replaced.includes('pglite'));
  });

  await t.test(
    'npm run backup asks the running server through its control socket; restoring into its folder is refused',
    async () => {
      await source.listen({ port: 0, host: '127.0.0.1' });
      const socket = controlSocketPath(sourceConfig.dataDir);
      // Opened by the onListen hook, which listen() does not wait for.
      for (let waited = 0; !existsSync(socket) && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal((await stat(socket)).mode & 0o777, 0o600);
      await assert.rejects(
        restoreBackup({ dataDir: sourceConfig.dataDir, source: backup.path, force: true }),
        (error: unknown) => error instanceof RestoreRefusedError && /A server is running/.test(error.message),
      );
      clock.advance(60_000);
      const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/backup.ts'], {
          env: {
            ...process.env,
            DATABASE_URL: '',
            DATA_DIR: sourceConfig.dataDir,
            BACKUP_DIR: backupDir,
            NODE_ENV: 'test',
          },
        });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('close', (code) => resolve({ code, text }));
      });
      assert.equal(output.code, 0, output.text);
      assert.match(output.text, /Backup written by the running server: .*lender-backup-.*\.tar/);
      const path = /: (\S+\.tar)/.exec(output.text)?.[1] ?? '';
      assert.equal((await stat(path)).mode & 0o777, 0o600);
      await source.close();
      assert.ok(!existsSync(socket), 'the socket is removed on close');
    },
  );
});
