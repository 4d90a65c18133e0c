import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
  }
}

export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** An already opened and migrated database (tests): used as is and left open on close. */
  database?: DatabaseHandle | undefined;
}

/** Where PGlite keeps its files when no DATABASE_URL is set. */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'pglite');

/** Opens the database (PGlite or PostgreSQL), applies pending migrations, closes it with the app. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    let handle = options.database;
    if (!handle) {
      const started = performance.now();
      if (options.databaseUrl) {
        app.log.info({ database: redactUrl(options.databaseUrl) }, 'Database: PostgreSQL');
      } else {
        mkdirSync(options.dataDir, { recursive: true });
        app.log.info(
          { folder: pgliteFolder(options.dataDir) },
          'Database: embedded PGlite (set DATABASE_URL to use a PostgreSQL server; recommended in production)',
        );
      }
      handle = await openDatabase({
        databaseUrl: options.databaseUrl,
        pgliteDir: pgliteFolder(options.dataDir),
      });
      const opened = handle;
      app.addHook('onClose', async () => opened.close());
      await handle.migrate();
      app.log.info({ ms: Math.round(performance.now() - started) }, 'Database opened and migrated');
    }
    app.decorate('database', handle);
    app.decorate('db', handle.db);
  },
  { name: 'database' },
);

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
