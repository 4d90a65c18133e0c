/**
 * One power-cut trial: a book on the embedded database in a folder, a burst of money writes
 * through the HTTP layer (disbursements, paybill confirmations matched and unmatched, staff
 * repayments), a simulated power cut at a seeded instant in the middle (power-cut-disk.ts), then
 * the folder as the cut left it is opened as the next start would open it, and every write that
 * was acknowledged before the cut is looked for. Used by `src/db/power-cut.embedded.test.ts` (a few fixed
 * seeds in `npm test`) and by `npm run power-cut` (many seeds, with figures).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { encodeAccountNumber } from '@lender/shared/domain/account-number';
import { buildApp, type App } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { loans, mpesaPayments, repayments } from '../src/db/schema';
import { pgliteFolder } from '../src/plugins/database';
import { c2bBody, fixtureLoan, fixtureUser, freshMpesaCode } from './fixtures';
import {
  ADMIN,
  authHeader,
  migratedPgliteTemplate,
  MPESA_TEST_SECRET,
  TestClock,
  testConfig,
} from './helper';
import { PowerCutDisk } from './power-cut-disk';

export interface PowerCutOptions {
  seed: number;
  /** Whether commits wait for the disk (the product's default) or not (PGlite as it came). */
  durable: boolean;
  /** Loans disbursed before the trial (the paybill and the officers pay into them). */
  loans?: number;
  /** Writes in the burst: disbursements, paybill payments and staff repayments. */
  writes?: number;
  /** Requests in flight at once. */
  concurrency?: number;
}

export interface PowerCutResult {
  seed: number;
  durable: boolean;
  /** Writes the server answered with success before the power went. */
  acknowledged: number;
  /** Of those, the ones missing after the restart (all of them when the database would not open). */
  lost: string[];
  /** Whether the folder opened after the cut (PostgreSQL's recovery ran to a consistent state). */
  opened: boolean;
  openError?: string;
  /** File writes and syncs the database made during the burst, and those a cut would lose. */
  fileWrites: number;
  fileSyncs: number;
  unsyncedAtCut: number;
  /** Whether a checkpoint had finished before the cut. */
  checkpointsBeforeCut: number;
  /** Each acknowledged write's time to answer, in ms. */
  latenciesMs: number[];
}

type Write =
  | { kind: 'disbursement'; loanId: number }
  | { kind: 'paybill'; transId: string; account: string; amount: string }
  | { kind: 'repayment'; loanId: number; mpesaCode: string };

type Acknowledged =
  | { kind: 'disbursement'; loanId: number }
  | { kind: 'paybill'; transId: string; amount: string }
  | { kind: 'repayment'; id: number };

const quietConfig = (dataDir: string) => testConfig(dataDir, { logLevel: 'silent' });

async function openBook(folder: string, durable: boolean, clock: TestClock, template?: Blob) {
  // A new folder starts from the migrated template (seconds faster than initdb and every migration).
  const handle = await openDatabase({ pgliteDir: folder, durable, pgliteTemplate: template });
  await handle.migrate();
  const app = await buildApp(quietConfig(join(folder, '..')), {
    clock,
    database: handle,
    logger: { level: 'silent' },
  });
  await app.ready();
  return { handle, app };
}

async function close(app: App, handle: DatabaseHandle) {
  await app.close();
  await handle.close();
}

/** The trial's writes, in a seeded order: each pending loan's disbursement, paybill payments, repayments. */
function plan(seed: number, disbursed: number[], pending: number[], count: number): Write[] {
  const writes: Write[] = pending.map((loanId) => ({ kind: 'disbursement', loanId }));
  const [choices] = fc.sample(
    fc.array(
      fc.record({
        kind: fc.nat(2),
        loan: fc.nat(disbursed.length - 1),
        shillings: fc.integer({ min: 1, max: 4000 }),
      }),
      {
        minLength: count,
        maxLength: count,
      },
    ),
    { seed, numRuns: 1 },
  );
  for (const choice of choices ?? []) {
    const loanId = disbursed[choice.loan] ?? 0;
    const amount = `${choice.shillings}.00`;
    if (choice.kind === 2) writes.push({ kind: 'repayment', loanId, mpesaCode: freshMpesaCode('PC') });
    else {
      // Unmatched accounts land in suspense; matched ones on the loan.
      const account = choice.kind === 0 ? encodeAccountNumber(loanId) : `X${choice.shillings}`;
      writes.push({ kind: 'paybill', transId: freshMpesaCode('PB'), account, amount });
    }
  }
  return (
    fc.sample(fc.shuffledSubarray(writes, { minLength: writes.length, maxLength: writes.length }), {
      seed,
      numRuns: 1,
    })[0] ?? writes
  );
}

export async function runPowerCutTrial(options: PowerCutOptions): Promise<PowerCutResult> {
  const { seed, durable } = options;
  const loanCount = options.loans ?? 6;
  const writeCount = options.writes ?? 40;
  const concurrency = options.concurrency ?? 4;
  const dir = await mkdtemp(join(tmpdir(), 'lender-power-cut-'));
  const folder = pgliteFolder(join(dir, 'data'));
  const cutFolder = pgliteFolder(join(dir, 'after-cut'));
  const clock = new TestClock();
  try {
    // The book before the trial, closed cleanly: on the disk, as a machine running for a while has it.
    const disbursed: number[] = [];
    const pending: number[] = [];
    {
      const { handle, app } = await openBook(folder, durable, clock, await migratedPgliteTemplate());
      const officer = await fixtureUser(handle.db, 'officer', 'Cut');
      const admin = await authHeader(app, ADMIN.email, ADMIN.password);
      for (let index = 0; index < loanCount * 2; index += 1) {
        const loan = await fixtureLoan(handle.db, officer.id, { principal: '20000.00' });
        if (index % 2 === 1) {
          pending.push(loan.id);
          continue;
        }
        const answer = await app.inject({
          method: 'PUT',
          url: `/api/loans/disburse/${loan.id}`,
          headers: admin,
          payload: { mpesaCode: freshMpesaCode('DB') },
        });
        if (answer.statusCode !== 200) throw new Error(`Setup disbursement failed: ${answer.body}`);
        disbursed.push(loan.id);
      }
      await close(app, handle);
    }

    const writes = plan(seed, disbursed, pending, writeCount);
    const disk = new PowerCutDisk(folder).install();
    const acknowledged: Acknowledged[] = [];
    const latenciesMs: number[] = [];
    let atCut: Acknowledged[] | undefined;
    let unsyncedAtCut = 0;
    const cut = () => {
      if (atCut) return;
      unsyncedAtCut = disk.unsyncedWrites();
      disk.cutTo(cutFolder);
      atCut = [...acknowledged];
    };
    // The instant: a seeded number of file writes after a seeded number of acknowledgements.
    const [instant] = fc.sample(
      fc.record({
        afterAcks: fc.integer({ min: 1, max: writes.length - 1 }),
        extraWrites: fc.nat(40),
        checkpointPercent: fc.integer({ min: 0, max: 100 }),
      }),
      {
        seed: seed + 1,
        numRuns: 1,
      },
    );
    const cutAfterAcks = instant?.afterAcks ?? 1;
    // A checkpoint during the burst, before the cut: data files synced, the redo point
    // moved, old WAL recycled — what a long-running server does and a cut must also survive.
    // Sometimes the cut falls in the checkpoint itself.
    const checkpointAfterAcks = Math.max(
      1,
      Math.floor((cutAfterAcks * (instant?.checkpointPercent ?? 50)) / 100),
    );
    let checkpoint: Promise<unknown> = Promise.resolve();
    let checkpointsBeforeCut = 0;
    const writesBeforeBurst = disk.counts.writes;
    try {
      const { handle, app } = await openBook(folder, durable, clock);
      try {
        const admin = await authHeader(app, ADMIN.email, ADMIN.password);
        const officer = await authHeader(app, 'cut@lender.test', 'Password123!');
        const send = async (write: Write): Promise<Acknowledged | undefined> => {
          if (write.kind === 'disbursement') {
            const answer = await app.inject({
              method: 'PUT',
              url: `/api/loans/disburse/${write.loanId}`,
              headers: admin,
              payload: { mpesaCode: freshMpesaCode('DB') },
            });
            return answer.statusCode === 200 ? write : undefined;
          }
          if (write.kind === 'paybill') {
            const answer = await app.inject({
              method: 'POST',
              url: `/api/mpesa/c2b/${MPESA_TEST_SECRET}/confirmation`,
              payload: c2bBody({ account: write.account, amount: write.amount, transId: write.transId }),
            });
            const ok = answer.statusCode === 200 && answer.json<{ ResultCode: string }>().ResultCode === '0';
            return ok ? { kind: 'paybill', transId: write.transId, amount: write.amount } : undefined;
          }
          const answer = await app.inject({
            method: 'POST',
            url: '/api/loans/loan-payment',
            headers: officer,
            payload: { loanId: write.loanId, amount: 100, mpesaCode: write.mpesaCode, method: 'mpesa' },
          });
          return answer.statusCode === 201
            ? { kind: 'repayment', id: answer.json<{ id: number }>().id }
            : undefined;
        };
        let next = 0;
        const worker = async () => {
          while (next < writes.length && !atCut) {
            const write = writes[next++];
            if (!write) break;
            const started = performance.now();
            const done = await send(write);
            if (!done) throw new Error(`A write of the trial was refused: ${JSON.stringify(write)}`);
            latenciesMs.push(performance.now() - started);
            acknowledged.push(done);
            if (acknowledged.length === checkpointAfterAcks) {
              checkpoint = handle.db.execute(sql`checkpoint`).then(() => {
                if (!atCut) checkpointsBeforeCut += 1;
              });
            }
            if (acknowledged.length === cutAfterAcks) {
              const cutAtWrite = disk.counts.writes + 1 + (instant?.extraWrites ?? 0);
              disk.beforeWrite = (count) => {
                if (count >= cutAtWrite) cut();
              };
            }
          }
        };
        await Promise.all(Array.from({ length: concurrency }, worker));
        await checkpoint;
        cut(); // the burst wrote less than the instant asked: the power goes at its end
      } finally {
        await close(app, handle).catch(() => undefined);
      }
    } finally {
      disk.uninstall();
    }

    const acked = atCut ?? [];
    const result: PowerCutResult = {
      seed,
      durable,
      acknowledged: acked.length,
      lost: [],
      opened: false,
      fileWrites: disk.counts.writes - writesBeforeBurst,
      fileSyncs: disk.counts.syncs,
      unsyncedAtCut,
      checkpointsBeforeCut,
      latenciesMs,
    };
    let after: DatabaseHandle | undefined;
    try {
      after = await openDatabase({ pgliteDir: cutFolder });
      await after.ping();
      result.opened = true;
    } catch (error) {
      result.openError = error instanceof Error ? error.message : String(error);
      result.lost = acked.map(describe);
      return result;
    }
    try {
      result.lost = await missing(after, acked).catch((error: unknown) => {
        result.openError = `opened, but reading failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
        return acked.map(describe);
      });
    } finally {
      await after.close().catch(() => undefined);
    }
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const describe = (write: Acknowledged) =>
  write.kind === 'disbursement'
    ? `disbursement of loan ${write.loanId}`
    : write.kind === 'paybill'
      ? `paybill payment ${write.transId} (Ksh ${write.amount})`
      : `repayment ${write.id}`;

/** The acknowledged writes the database after the cut does not have. */
async function missing(handle: DatabaseHandle, acked: Acknowledged[]): Promise<string[]> {
  const { db } = handle;
  const lost: string[] = [];
  const disbursements = acked.filter((write) => write.kind === 'disbursement');
  const paybill = acked.filter((write) => write.kind === 'paybill');
  const staff = acked.filter((write) => write.kind === 'repayment');
  if (disbursements.length) {
    const rows = await db
      .select({ id: loans.id, disbursedAt: loans.disbursementDate })
      .from(loans)
      .where(
        inArray(
          loans.id,
          disbursements.map((write) => write.loanId),
        ),
      );
    const done = new Set(rows.filter((row) => row.disbursedAt !== null).map((row) => row.id));
    lost.push(...disbursements.filter((write) => !done.has(write.loanId)).map(describe));
  }
  if (paybill.length) {
    const rows = await db
      .select({ transId: mpesaPayments.transId, amount: mpesaPayments.amount })
      .from(mpesaPayments)
      .where(
        inArray(
          mpesaPayments.transId,
          paybill.map((write) => write.transId),
        ),
      );
    const kept = new Map(rows.map((row) => [row.transId, row.amount]));
    lost.push(...paybill.filter((write) => kept.get(write.transId) !== write.amount).map(describe));
  }
  if (staff.length) {
    const rows = await db
      .select({ id: repayments.id })
      .from(repayments)
      .where(
        inArray(
          repayments.id,
          staff.map((write) => write.id),
        ),
      );
    const kept = new Set(rows.map((row) => row.id));
    lost.push(...staff.filter((write) => !kept.has(write.id)).map(describe));
  }
  return lost;
}
