import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeFolderToOthers, secureDataDir } from './db/data-dir';
import { openDatabase, type DatabaseHandle } from './db/client';
import { pgliteFolder } from './plugins/database';

/** Reads the configuration, starts listening, and shuts down cleanly on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  let database: DatabaseHandle | undefined;
  try {
    // Opened and migrated before the app is built: a migration that builds an index on a big book
    // takes as long as it takes, and Fastify's 10 s plugin timeout must not end the start.
    const started = performance.now();
    const dataDir = secureDataDir(config.dataDir);
    if (dataDir.wasOpen) {
      console.warn(
        `DATA_DIR ${config.dataDir} was open to other users (mode ${dataDir.mode.toString(8)}): now 700, the owner's alone`,
      );
    }
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteFolder(config.dataDir),
    });
    await database.migrate();
    if (!config.databaseUrl) closeFolderToOthers(pgliteFolder(config.dataDir));
    console.log(`Database opened and migrated in ${Math.round(performance.now() - started)} ms`);
    app = await buildApp(config, { database });
  } catch (error) {
    await database?.close().catch(() => undefined);
    // Start-up failures (database unreachable or in use, unreadable data folder) in one line, no stack.
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  let closing = false;
  const shutDown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down: finishing requests in flight');
    const forceExit = setTimeout(() => {
      app.log.error('Shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutDown('SIGTERM'));
  process.once('SIGINT', () => void shutDown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'Could not start');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(
    { startupMs: Math.round(performance.now()), driver: app.database.driver },
    `Ready: http://${config.host}:${config.port}`,
  );
}

await main();
