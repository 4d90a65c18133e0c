/**
 * `tsx src/scripts/upgrade-fixture-snapshot.ts <DATA_DIR> <out folder> <commit>`: the half of
 * scripts/build-upgrade-fixture.mjs that runs inside the OLDER release's checkout (the builder
 * copies this file and db/book-summary.ts there), with that release's PGlite and no migration of
 * today's: writes the book's summary (summary.json) and the cluster as a brotli-compressed tarball
 * (pglite.tar.br). Imports nothing but PGlite and book-summary, which every release has.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { bookSummary } from '../db/book-summary';

const [dataDir, out, commit] = process.argv.slice(2);
if (!dataDir || !out || !commit) {
  console.error('Usage: upgrade-fixture-snapshot.ts <DATA_DIR> <out folder> <commit>');
  process.exit(2);
}

const client = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
try {
  const migrations = await client.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  const summary = await bookSummary(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  const book = JSON.parse(await readFile(join(dataDir, 'demo-book.json'), 'utf8')) as { builtAt: string };
  await writeFile(
    join(out, 'summary.json'),
    `${JSON.stringify({ commit, builtAt: book.builtAt, migrations: migrations.rows[0]?.count, ...summary }, null, 2)}\n`,
  );
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  // Brotli with a 16 MB window: the cluster's three databases share most of their catalog pages,
  // which gzip's 32 kB window cannot see (an empty migrated cluster: 4.9 MB gzip, 1.8 MB here).
  // The highest quality (about 40 s, once per release) keeps a committed fixture under 2 MiB.
  const packed = brotliCompressSync(dump, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: dump.length,
    },
  });
  await writeFile(join(out, 'pglite.tar.br'), packed);
  console.log(`Snapshot: ${dump.length} bytes of cluster, ${packed.length} packed`);
} finally {
  await client.close();
}
