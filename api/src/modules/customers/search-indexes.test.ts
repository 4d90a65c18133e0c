import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq, ilike, sql, type SQLWrapper } from 'drizzle-orm';
import { build } from '../../../test/helper';
import { customers, loans, repayments } from '../../db/schema';
import { customerNameContains } from '../sql-helpers';
import { customerSearch } from './repository';

// The searches stay index-backed only while their conditions are exactly the expressions of the
// trigram indexes (schema.ts): the planner matches an expression index on an identical expression.
// The test tables are nearly empty, so sequential and plain index scans are switched off: what
// remains is a bitmap scan of an index whose expression matches, or a (disabled) sequential scan.
test('the searches are answered by the pg_trgm indexes', async (t) => {
  const { db } = await build(t);
  const plan = (query: SQLWrapper) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });

  const byName = await plan(db.select({ id: customers.id }).from(customers).where(customerSearch('wanjiku')));
  for (const index of [
    'customers_search_name_trgm_idx',
    'customers_national_id_trgm_idx',
    'customers_phone_trgm_idx',
  ]) {
    assert.match(byName, new RegExp(`Bitmap Index Scan on ${index}`), byName);
  }
  assert.doesNotMatch(byName, /Seq Scan/, byName);

  const loanList = await plan(
    db
      .select({ id: loans.id })
      .from(loans)
      .innerJoin(customers, eq(customers.id, loans.customerId))
      .where(customerNameContains('mary otieno')),
  );
  assert.match(loanList, /Bitmap Index Scan on customers_search_name_trgm_idx/, loanList);

  // On these empty tables the planner may also read the whole of the lists' sort index on
  // (status, mpesa_code, id) and filter it; at scale the trigram index is far cheaper. The question
  // here is whether the trigram index answers the condition, so the sort index is set aside.
  await db.execute(sql`drop index repayments_status_mpesa_code_idx`);
  const byCode = await plan(
    db.select({ id: repayments.id }).from(repayments).where(ilike(repayments.mpesaCode, '%QBB12%')),
  );
  assert.match(byCode, /Bitmap Index Scan on repayments_mpesa_code_trgm_idx/, byCode);
});
