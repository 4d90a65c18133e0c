/**
 * Builds the demo book (demo-book.ts) into DATA_DIR, which must not exist yet: `npm run demo`
 * (scripts/demo.mjs) runs it once, on a data folder of its own, then starts the server there.
 * The book is built in a sibling folder and renamed into place at the end, so an interrupted build
 * leaves no half-filled data folder behind. DEMO_CUSTOMERS (default 150) and DEMO_SEED (default
 * 1111) choose the book. Refuses DATABASE_URL: the demo must never write into a real database.
 */
import { sql } from 'drizzle-orm';
import { customerMessages } from '../db/schema';
import { existsSync } from 'node:fs';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import {
  buildDemoBook,
  DEMO_MPESA_SECRET,
  DEMO_OFFICER_PASSWORD,
  DEMO_OFFICERS,
  DemoClock,
} from './demo-book';

/** What scripts/demo.mjs prints at each start (no password chosen through ADMIN_PASSWORD is kept). */
export const DEMO_MARKER = 'demo-book.json';

const fail = (message: string): never => {
  console.error(`Demo: ${message}`);
  process.exit(1);
};

const whole = (name: string, fallback: number, min: number, max: number) => {
  const text = process.env[name]?.trim() || String(fallback);
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}`);
  return value;
};

if (process.env.DATABASE_URL?.trim()) {
  fail(
    'DATABASE_URL is set. The demo builds made-up loans and must not write into a real database: unset it.',
  );
}
const customers = whole('DEMO_CUSTOMERS', 150, 1, 5000);
const seed = whole('DEMO_SEED', 1111, 0, 2 ** 32 - 1);
const target = loadConfig().dataDir;
if (existsSync(target)) fail(`${target} already exists; the demo book is built only into a new folder.`);

const building = `${target}.building`;
await rm(building, { recursive: true, force: true });
// The rate limit guards the network; the builder's thousands of in-process requests are not clients.
const mpesaSecret = process.env.MPESA_CALLBACK_SECRET?.trim() || DEMO_MPESA_SECRET;
const config = loadConfig({
  ...process.env,
  DATA_DIR: building,
  RATE_LIMIT_MAX: '1000000',
  MPESA_CALLBACK_SECRET: mpesaSecret,
});
const clock = new DemoClock();
const app = await buildApp(config, {
  clock,
  // Quiet: the first-admin notice names port 8080, not where the demo will listen.
  logger: { level: process.env.LOG_LEVEL ?? 'error' },
  serveFrontends: false,
});
const started = Date.now();
console.log(`Demo: building a book of ${customers} customers (seed ${seed}) in ${target} …`);
try {
  const made = await buildDemoBook(app, clock, { customers, seed, admin: config.admin, mpesaSecret });
  await settleDemoHistory(app);
  console.log(
    `Demo: built ${made.customers} customers, ${made.applications} applications, ${made.loans} loans and ` +
      `${made.repayments} repayments (${made.requests} requests) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  await app.close();
  await rm(building, { recursive: true, force: true });
  fail(`the book could not be built: ${error instanceof Error ? error.message : String(error)}`);
}
await app.close();
await writeFile(
  join(building, DEMO_MARKER),
  `${JSON.stringify(
    {
      seed,
      customers,
      builtAt: new Date().toISOString(),
      admin: {
        email: config.admin.email,
        password: config.admin.passwordFromEnvironment ? null : config.admin.password,
      },
      officers: DEMO_OFFICERS.map((officer) => ({
        name: `${officer.firstName} ${officer.lastName}`,
        email: officer.email,
        password: DEMO_OFFICER_PASSWORD,
      })),
    },
    null,
    2,
  )}\n`,
);
// The server's own rule for its data folder (the owner's alone), so its first start has nothing to fix.
await chmod(building, 0o700);
await rename(building, target);

/**
 * The book's story happened over past weeks with no SMS provider listening: its messages are
 * written as sent and delivered at the time they were queued (as the simulator would have), so that
 * `npm run demo` does not send months of receipts on its first start. Today's wait for the simulator.
 */
async function settleDemoHistory(built: typeof app) {
  await built.db
    .update(customerMessages)
    .set({
      status: 'delivered',
      sentAt: sql`${customerMessages.createdAt}`,
      deliveredAt: sql`${customerMessages.createdAt} + interval '5 seconds'`,
      providerMessageId: sql`'ATXid_demo_' || ${customerMessages.id}`,
      costText: sql`'KES ' || to_char(0.8 * ${customerMessages.parts}, 'FM0.0000')`,
      cost: sql`0.8 * ${customerMessages.parts}`,
    })
    .where(sql`${customerMessages.createdAt} < now() - interval '1 day'`);
}
