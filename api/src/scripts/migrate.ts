/**
 * `npm run db:migrate`: applies the pending migrations to the database of DATABASE_URL (or the
 * PGlite of DATA_DIR) and exits, without starting the server or its ageing pass. For a deploy that
 * migrates before starting new instances, and for benchmark books kept as templates.
 */
import { loadConfig } from '../config';
import { secureDataDir } from '../db/data-dir';
import { openDatabase } from '../db/client';
import { pgliteFolder } from '../plugins/database';

const config = loadConfig();
if (!config.databaseUrl) secureDataDir(config.dataDir);
const started = performance.now();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteFolder(config.dataDir),
});
try {
  await database.migrate();
  console.log(`Database migrated in ${Math.round(performance.now() - started)} ms`);
} finally {
  await database.close();
}
