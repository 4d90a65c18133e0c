/**
 * `pnpm seed`: adds the officer used in manual and browser testing, if missing (and, on an empty
 * database, the first admin as the server would). Uses the same configuration as the server
 * (DATA_DIR or DATABASE_URL). With the embedded database, stop the server first: one process
 * at a time may open it.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { serviceContext } from '../modules/service-context';
import { createSystemUser } from '../modules/users/service';
import { SEED_OFFICER } from './seed-officer';

const config = loadConfig();
const app = await buildApp(config, {
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  serveFrontends: false,
}).catch((error: unknown) => {
  console.error(
    `Seed: could not open the database: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
try {
  await app.ready(); // migrations, and the first admin on an empty database
  const created = await createSystemUser(serviceContext(app), SEED_OFFICER, 'seed data');
  console.log(
    created
      ? `Seed: created the officer ${SEED_OFFICER.email} (password ${SEED_OFFICER.password}).`
      : `Seed: the officer ${SEED_OFFICER.email} already exists; nothing to do.`,
  );
} finally {
  await app.close();
}
