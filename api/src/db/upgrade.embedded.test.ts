/**
 * Upgrades: a DATA_DIR made by an earlier release starts on this one and keeps every record. Each
 * folder of test/fixtures/upgrade/ is such a DATA_DIR (scripts/build-upgrade-fixture.mjs builds it
 * with that release's own code: its demo book, then the book's summary with its PGlite). The test
 * puts it back in a temporary folder, opens and migrates it as server.ts does at start, compares
 * today's summary of the book with the stored one, then serves it: the admin signs in, a loan's
 * detail and the lists answer with the figures the rows hold, and a stored photo is served.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { apiRoutes } from '@lender/shared/contract/routes';
import { buildApp } from '../app';
import { closeFolderToOthers, secureDataDir } from './data-dir';
import { pgliteFolder } from '../plugins/database';
import { authHeader, getOk, TestClock, testConfig } from '../../test/helper';
import { bookSummary, type BookSummary, type SummaryQuery } from './book-summary';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/upgrade/', import.meta.url));

interface FixtureSummary extends BookSummary {
  commit: string;
  builtAt: string;
  /** Migrations applied in the fixture (drizzle's journal entries). */
  migrations: number;
}

interface DemoBook {
  admin: { email: string; password: string | null };
}

/**
 * What a column that a later migration added must hold on the rows it found, by table.column: a
 * condition (SQL) every such row meets. A new migration that adds a column to a table holding data
 * adds its line here: the test fails on a new column it has no expectation for.
 */
const ADDED_COLUMNS: Record<string, string> = {
  // 0031: refused sign-ins counted on the throttle rows, none before.
  'sign_in_throttles.refused': 'refused = 0',
  // 0035: what a repossessed phone's loan owed then: at least what it owes now (later
  // collections only lower the balance); nothing for the others.
  'loans.repossessed_balance':
    '(repossessed_at is null and repossessed_balance is null) or repossessed_balance >= remaining_balance',
  // 0037: the amount due now, 0 until the ageing pass (started by a listening server) stores it.
  'loans.amount_due': 'amount_due = 0',
  // 0038: no repayment was rejected before rejection existed.
  'repayments.rejected_by': 'rejected_by is null',
  'repayments.rejected_at': 'rejected_at is null',
  'repayments.rejection_reason': 'rejection_reason is null',
  // 0039: nobody had opted out of reminders, no phone had been asked of the provider, none flagged.
  'customers.reminders_opt_out': 'reminders_opt_out = false',
  'loans.device_lock_state': 'device_lock_state is null',
  'loans.device_alert': 'device_alert is null',
  'loans.device_alert_at': 'device_alert_at is null',
};

/**
 * Columns of the fixture's that a migration since rewrites on purpose, with what they hold after it.
 * Their rows' content is compared without them, against the same unpacked folder before migrating.
 */
const REWRITTEN_COLUMNS: Record<string, string> = {
  // 0037: every open disbursed loan's ageing day set to come now, so the ageing pass stores its
  // amount_due (a scheduling mark, not a record's content).
  'loans.next_ageing_on': "next_ageing_on = '1970-01-01' or disbursement_date is null or status = 'paid'",
};

const fixtures = (await readdir(FIXTURES, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const rowsOf =
  (handle: DatabaseHandle): SummaryQuery =>
  async (text) =>
    // Both drivers' results carry `rows`; the shared Database type does not say so.
    ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * The fixture's DATA_DIR in a new folder: the cluster written back from its tarball (PGlite's own
 * load of a dump, then closed: the files are the older release's), the photos and the demo's notes
 * copied beside it.
 */
async function unpack(fixture: string, dataDir: string): Promise<void> {
  const folder = join(FIXTURES, fixture);
  const dump = brotliDecompressSync(await readFile(join(folder, 'pglite.tar.br')));
  const loader = await openDatabase({ pgliteDir: pgliteFolder(dataDir), pgliteTemplate: new Blob([dump]) });
  await loader.close();
  await cp(join(folder, 'files'), join(dataDir, 'files'), { recursive: true });
  await cp(join(folder, 'demo-book.json'), join(dataDir, 'demo-book.json'));
}

/** The figures a loan row of the database and of the API share (money as numbers, as the API gives them). */
const LOAN_FIGURES = [
  'principal',
  'total_interest',
  'total_amount',
  'paid_amount',
  'remaining_balance',
  'arrears',
  'status',
  'device_status',
] as const;

function figuresOf(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    LOAN_FIGURES.map((name) => {
      const value = row[name];
      return [name, typeof value === 'string' && /^-?\d+\.\d+$/.test(value) ? Number(value) : value];
    }),
  );
}

for (const fixture of fixtures) {
  // The fixture is an embedded DATA_DIR: it is opened as PGlite in both of npm test's passes
  // (DATABASE_URL is not read here), as an upgraded `npm start` opens it.
  test(`a DATA_DIR made by ${fixture} starts on this release and keeps every record`, async (t) => {
    const stored = JSON.parse(
      await readFile(join(FIXTURES, fixture, 'summary.json'), 'utf8'),
    ) as FixtureSummary;
    const book = JSON.parse(await readFile(join(FIXTURES, fixture, 'demo-book.json'), 'utf8')) as DemoBook;
    const root = await mkdtemp(join(tmpdir(), 'lender-upgrade-test-'));
    const dataDir = join(root, 'data');
    // Closed in this order whatever fails: the app, the database, then the folder.
    const closing: (() => Promise<unknown>)[] = [() => rm(root, { recursive: true, force: true })];
    t.after(async () => {
      for (const close of closing.reverse()) await close();
    });
    await unpack(fixture, dataDir);

    // As server.ts starts: the folder made the owner's, the database opened and migrated.
    secureDataDir(dataDir);
    const handle = await openDatabase({ pgliteDir: pgliteFolder(dataDir) });
    closing.push(() => handle.close());
    const query = rowsOf(handle);
    const applied = async () =>
      Number((await query('select count(*)::int as count from drizzle.__drizzle_migrations'))[0]?.count);
    assert.equal(await applied(), stored.migrations);
    const keptColumns = Object.fromEntries(
      Object.entries(stored.tables).map(([name, table]) => [
        name,
        table.columns.filter((column) => REWRITTEN_COLUMNS[`${name}.${column}`] === undefined),
      ]),
    );
    const unmigrated = await bookSummary(query, { columns: keptColumns });
    await handle.migrate();
    closeFolderToOthers(pgliteFolder(dataDir));
    const journal = JSON.parse(await readFile(join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    assert.equal(await applied(), journal.entries.length);
    assert.ok(journal.entries.length > stored.migrations, 'the fixture predates a migration of today');

    // Every record kept: the same rows, digests, keys and sums over the columns the fixture had.
    // The rewritten columns' digest is taken on the unpacked folder before migrating, the others'
    // is the one the older code wrote.
    const now = await bookSummary(query, { columns: keptColumns });
    for (const [name, before] of Object.entries(stored.tables)) {
      const after = now.tables[name];
      assert.ok(after, `table ${name} is gone`);
      assert.equal(after.rows, before.rows, `${name}: row count`);
      assert.deepEqual(after.keys, before.keys, `${name}: primary keys`);
      assert.deepEqual(after.sums, before.sums, `${name}: money sums`);
      const rewritten = keptColumns[name]?.length !== before.columns.length;
      assert.equal(
        after.digest,
        (rewritten ? unmigrated.tables[name] : before)?.digest,
        `${name}: rows' content`,
      );
    }
    for (const [column, holds] of Object.entries(REWRITTEN_COLUMNS)) {
      const [name] = column.split('.');
      const differing = await query(
        `select count(*)::int as count from "${name}" where not coalesce((${holds}), false)`,
      );
      assert.equal(differing[0]?.count, 0, `${column} after its migration`);
    }

    // Columns added since: each holds the value its migration gave the rows it found.
    const current = await bookSummary(query);
    for (const [name, table] of Object.entries(current.tables)) {
      const before = stored.tables[name];
      if (!before) continue; // a new table: nothing of the fixture's to keep
      for (const column of table.columns.filter((c) => !before.columns.includes(c))) {
        const holds = ADDED_COLUMNS[`${name}.${column}`];
        assert.ok(holds !== undefined, `${name}.${column} is new: say in ADDED_COLUMNS what old rows hold`);
        const differing = await query(
          `select count(*)::int as count from "${name}" where not coalesce((${holds}), false)`,
        );
        assert.equal(differing[0]?.count, 0, `${name}.${column} on the fixture's rows`);
      }
    }

    // Served: on the fixture's last day (its figures are as of then; no ageing pass runs without a
    // listening server).
    const app = await buildApp(testConfig(dataDir), {
      clock: new TestClock(new Date(stored.builtAt)),
      database: handle,
      serveFrontends: false,
    });
    closing.push(() => app.close());
    await app.ready();
    assert.ok(book.admin.password, 'the fixture was built with the default admin password');
    const admin = await authHeader(app, book.admin.email, book.admin.password);

    const loans = await query('select * from loans order by id');
    const byId = new Map(loans.map((loan) => [Number(loan.id), loan]));
    // The loan with the most approved repayments: its detail's figures are the row's.
    const [busiest] = await query(
      `select loan_id from repayments where status = 'paid' group by loan_id order by count(*) desc, loan_id limit 1`,
    );
    assert.ok(busiest, 'the fixture has an approved repayment');
    const loanId = Number(busiest.loan_id);
    const detail = await getOk<Record<string, unknown>>(app, admin, apiRoutes.loans.byId(loanId));
    assert.deepEqual(figuresOf(detail), figuresOf(byId.get(loanId) ?? {}));
    assert.equal(detail.penalty, Number(byId.get(loanId)?.penalty));

    // The lists together hold every loan, each with its row's figures.
    const listed: Record<string, unknown>[] = [];
    for (const url of [apiRoutes.loans.active, apiRoutes.loans.paid, apiRoutes.loans.pendingDisbursement]) {
      for (let page = 1; ; page += 1) {
        const body = await getOk<{ data: Record<string, unknown>[]; meta: { totalPages: number } }>(
          app,
          admin,
          `${url}?page=${page}`,
        );
        listed.push(...body.data);
        if (page >= body.meta.totalPages) break;
      }
    }
    assert.deepEqual(
      listed.map((row) => Number(row.id)).sort((a, b) => a - b),
      [...byId.keys()],
    );
    for (const row of listed) assert.deepEqual(figuresOf(row), figuresOf(byId.get(Number(row.id)) ?? {}));

    // A stored photo is still served, byte for byte (through the signed URL a list gives).
    const customers = await getOk<{ data: { id: number; national_id_photo: string | null }[] }>(
      app,
      admin,
      apiRoutes.customers.list,
    );
    const withPhoto = customers.data.find((row) => row.national_id_photo);
    assert.ok(withPhoto?.national_id_photo, 'the fixture has a customer photo');
    const [photo] = await query(
      `select national_id_photo_key as key from customers where id = ${withPhoto.id}`,
    );
    const served = await app.inject({ method: 'GET', url: withPhoto.national_id_photo });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, await readFile(join(FIXTURES, fixture, 'files', String(photo?.key))));
  });
}
