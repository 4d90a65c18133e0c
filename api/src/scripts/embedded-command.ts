/**
 * What `npm run backup` and `npm run restore` start with: the configuration as the server reads
 * it, errors printed in one line under the command's name, and a refusal when DATABASE_URL says
 * the database is a PostgreSQL server's (its own tools back it up and restore it).
 */
import { ConfigError, loadConfig, type Config } from '../config';

export function embeddedCommand(
  name: string,
  withPostgres: string,
): { config: Config; fail: (message: string) => never } {
  const fail = (message: string): never => {
    console.error(`${name}: ${message}`);
    process.exit(1);
  };
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
  if (config.databaseUrl) fail(`DATABASE_URL is set: ${withPostgres}`);
  return { config, fail };
}
