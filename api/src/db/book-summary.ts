/**
 * A summary of the whole book that two releases compute alike: the upgrade fixture's builder runs
 * it with the older release's code on the folder that release made (scripts/build-upgrade-fixture.mjs
 * copies this file into that checkout), and upgrade.embedded.test.ts with today's code after the migrations.
 * So it reads the tables from information_schema with plain SQL and imports nothing of the schema
 * (or of anything else in this repository): only what both releases have, a SQL connection.
 */
import { createHash } from 'node:crypto';

/** Runs one statement and returns its rows (PGlite's `query` and pg's both fit). */
export type SummaryQuery = (text: string) => Promise<Record<string, unknown>[]>;

export interface TableSummary {
  rows: number;
  /** The columns the digest covers, in table order. */
  columns: string[];
  /** sha256 of every row, each column as text (instants in UTC), rows in primary-key order. */
  digest: string;
  /** Tables with a numeric (money) column: every primary key, sorted as the digest's rows are. */
  keys?: string[];
  /** Tables with a numeric (money) column: each such column's exact sum, as PostgreSQL prints it. */
  sums?: Record<string, string>;
}

export interface BookSummary {
  /** Every table of the public schema, by name. */
  tables: Record<string, TableSummary>;
}

export interface BookSummaryOptions {
  /**
   * Per table, the columns to cover instead of all of them: the newer release compares only the
   * columns the older one had (a column a migration added is checked on its own).
   */
  columns?: Record<string, string[]>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A column as text that reads the same whatever the session's time zone. */
function asText(column: string, type: string): string {
  if (type === 'timestamp with time zone')
    return `to_char(${quote(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return `${quote(column)}::text`;
}

export async function bookSummary(
  query: SummaryQuery,
  options: BookSummaryOptions = {},
): Promise<BookSummary> {
  const tables = (
    await query(
      `select table_name::text as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => String(row.name));
  const summary: BookSummary = { tables: {} };
  for (const table of tables) {
    const allColumns = (
      await query(
        `select column_name::text as name, data_type::text as type from information_schema.columns
         where table_schema = 'public' and table_name = ${literal(table)} order by ordinal_position`,
      )
    ).map((row) => ({ name: String(row.name), type: String(row.type) }));
    const wanted = options.columns?.[table];
    const columns = wanted
      ? wanted.map((name) => {
          const column = allColumns.find((candidate) => candidate.name === name);
          if (!column) throw new Error(`${table}.${name} is gone`);
          return column;
        })
      : allColumns;
    const primaryKey = (
      await query(
        `select kcu.column_name::text as name from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu
           on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
         where tc.table_schema = 'public' and tc.table_name = ${literal(table)}
           and tc.constraint_type = 'PRIMARY KEY'
         order by kcu.ordinal_position`,
      )
    ).map((row) => String(row.name));
    // Rows in key order (every column's text when a table has no key), so the digest is the rows'.
    const orderBy = (
      primaryKey.length > 0 ? primaryKey.map(quote) : columns.map((c) => asText(c.name, c.type))
    )
      .map((expression) => `${expression} nulls first`)
      .join(', ');
    const texts = columns.map((c) => `coalesce(${asText(c.name, c.type)}, '\\N')`);
    const keyText = primaryKey.map((name) => `${quote(name)}::text`).join(` || '|' || `);
    const rows = await query(
      `select concat_ws(E'\\t', ${texts.join(', ')}) as line${keyText ? `, ${keyText} as key` : ''}
       from ${quote(table)} order by ${orderBy || '1'}`,
    );
    const hash = createHash('sha256');
    for (const row of rows) hash.update(`${String(row.line)}\n`);
    const entry: TableSummary = {
      rows: rows.length,
      columns: columns.map((c) => c.name),
      digest: hash.digest('hex'),
    };
    const money = columns.filter((c) => c.type === 'numeric');
    if (money.length > 0) {
      if (keyText) entry.keys = rows.map((row) => String(row.key));
      const [sums] = await query(
        `select ${money.map((c) => `coalesce(sum(${quote(c.name)}), 0)::text as ${quote(c.name)}`).join(', ')}
         from ${quote(table)}`,
      );
      entry.sums = Object.fromEntries(money.map((c) => [c.name, String(sums?.[c.name])]));
    }
    summary.tables[table] = entry;
  }
  return summary;
}
