/**
 * Times the first page of every loan list in every sort (issue 14) on a seed:scale book, for
 * everyone and for one officer's book: the service's own call (median of 5 after a warm-up) and
 * the page query's plan (EXPLAIN ANALYZE of the statement the call sent, with its values), naming
 * the indexes it read. Prints a table; it is not a test. Reads only.
 *
 *   cd api && DATABASE_URL=postgres://…/book node --import tsx src/scripts/bench-list-sorts.ts [--lists paid,defaulted] [--json out.json]
 */
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { LOAN_EXPORT_LISTS } from '@lender/shared/contract/exports';
import { loanList, type LoanSort } from '@lender/shared/contract/loan-lists';
import type { SortOrder } from '@lender/shared/contract/common';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { listLoansPage, type LoanListKind } from '../modules/loans/lists';
import { loansContext, type LoanScope } from '../modules/loans/context';
import { pgliteFolder } from '../plugins/database';
import { SEED_OFFICER } from './seed-officer';

/** Every loan list (the same kinds as the lists' exports). */
const ALL_LISTS: readonly LoanListKind[] = LOAN_EXPORT_LISTS;
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const lists = (option('--lists')?.split(',') as LoanListKind[] | undefined) ?? ALL_LISTS;
const jsonPath = option('--json');

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('bench-list-sorts: set DATABASE_URL to the PostgreSQL database of a seed:scale book.');
  process.exit(2);
}

// The statements the service sends, caught on their way to the pool, to be explained with their
// values: the list's page is the first statement of each call.
interface Sent {
  text: string;
  values?: unknown[];
}
const sent: Sent[] = [];
const poolQuery = pg.Pool.prototype.query as (...rest: unknown[]) => unknown;
pg.Pool.prototype.query = function (this: pg.Pool, ...rest: unknown[]) {
  const [first, second] = rest;
  if (typeof first === 'string') sent.push({ text: first, values: second as unknown[] | undefined });
  else if (first && typeof first === 'object' && 'text' in first) {
    const config = first as Sent;
    sent.push({ text: config.text, values: config.values ?? (second as unknown[] | undefined) });
  }
  return poolQuery.apply(this, rest);
} as typeof pg.Pool.prototype.query;

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteFolder(config.dataDir),
});
const app = await buildApp(config, { database, logger: { level: 'warn' }, serveFrontends: false });
const explainPool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The indexes a plan reads (and any table it reads whole), in the order it reads them. */
function readsOf(node: PlanNode, found: string[] = []): string[] {
  const read =
    node['Index Name'] ?? (node['Node Type'] === 'Seq Scan' ? `seq ${node['Relation Name']}` : undefined);
  if (read && !found.includes(read)) found.push(read);
  for (const child of node.Plans ?? []) readsOf(child, found);
  return found;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Row {
  list: LoanListKind;
  sort: LoanSort | 'default';
  order: SortOrder;
  scope: 'all' | 'officer';
  rows: number;
  serviceMs: number;
  sqlMs: number;
  reads: string[];
  sorted: boolean;
}

try {
  await app.ready();
  const ctx = loansContext(app, config);
  const officer = await explainPool.query<{ id: number }>('select id from users where email = $1', [
    SEED_OFFICER.email,
  ]);
  const scopes: { name: Row['scope']; scope: LoanScope }[] = [
    { name: 'all', scope: {} },
    { name: 'officer', scope: { officerId: officer.rows[0]?.id } },
  ];
  const results: Row[] = [];
  console.log('list\tsort\torder\tscope\trows\tservice ms\tsql ms\tsorted\treads');
  for (const list of lists) {
    // Each list in the sorts it takes (loan-lists.ts).
    for (const sort of ['default' as const, ...(loanList(list).sorts as readonly LoanSort[])]) {
      for (const order of sort === 'default' ? (['asc'] as const) : (['asc', 'desc'] as const)) {
        for (const { name, scope } of scopes) {
          const query = { page: 1, ...(sort === 'default' ? {} : { sort, order }) };
          const call = () => listLoansPage(ctx, list, scope, query);
          await call();
          const times: number[] = [];
          let rows = 0;
          for (let run = 0; run < 5; run += 1) {
            sent.length = 0;
            const started = performance.now();
            rows = (await call()).data.length;
            times.push(performance.now() - started);
          }
          const page = sent[0];
          if (!page) throw new Error(`no statement sent for ${list} ${sort}`);
          const explained = await explainPool.query<{
            'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }];
          }>(`explain (analyze, format json) ${page.text}`, page.values);
          const [plan] = explained.rows[0]!['QUERY PLAN'];
          const text = JSON.stringify(plan.Plan);
          const row: Row = {
            list,
            sort,
            order,
            scope: name,
            rows,
            serviceMs: Number(median(times).toFixed(1)),
            sqlMs: Number(plan['Execution Time'].toFixed(1)),
            reads: readsOf(plan.Plan),
            // A sort node over the page's rows: the index did not give the order (a top-N sort).
            sorted: /"Node Type":"(Incremental )?Sort"/.test(text),
          };
          results.push(row);
          console.log(
            [
              list,
              sort,
              order,
              name,
              rows,
              row.serviceMs,
              row.sqlMs,
              row.sorted ? 'sort' : '',
              row.reads.join(' '),
            ].join('\t'),
          );
        }
      }
    }
  }
  if (jsonPath) await writeFile(jsonPath, JSON.stringify(results, null, 2));
} finally {
  await explainPool.end();
  await app.close();
}
