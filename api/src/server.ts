import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

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
  try {
    app = await buildApp(config);
  } catch (error) {
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
    process.exit(1);
  }
  app.log.info(
    { startupMs: Math.round(performance.now()), driver: app.database.driver },
    `Ready: http://${config.host}:${config.port}`,
  );
}

await main();
