import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, asc, eq, inArray, isNotNull, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { build } from '../../../test/helper';
import { loans } from '../../db/schema';
import { promiseCondition } from './lists-repository';

// The lists' promise filter stays index-backed only while its conditions imply the partial
// indexes' predicate (promise_date is not null). Sequential scans are switched off, as the test
// tables are nearly empty: what remains is the cheapest index whose predicate the query implies.
test('the loan lists filtered by promise read the loans with a promise from their partial index', async (t) => {
  const { db } = await build(t);
  const plan = (query: SQLWrapper) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
  const dated = and(
    isNotNull(loans.disbursementDate),
    inArray(loans.status, ['active', 'partially_paid', 'overdue', 'defaulted']),
  );
  for (const filter of ['pending', 'kept', 'broken'] as const) {
    const defaulted = await plan(
      db
        .select({ id: loans.id })
        .from(loans)
        .where(and(dated, lt(loans.dueDate, '2025-02-01'), promiseCondition(filter, '2025-03-03')))
        .orderBy(asc(loans.dueDate), asc(loans.id))
        .limit(10),
    );
    assert.match(defaulted, /loans_promise_due_idx/, defaulted);
    const officer = await plan(
      db
        .select({ id: loans.id })
        .from(loans)
        .where(
          and(
            dated,
            eq(loans.officerId, 7),
            eq(loans.dueDate, '2025-03-03'),
            promiseCondition(filter, '2025-03-03'),
          ),
        )
        .orderBy(asc(loans.dueDate), asc(loans.id))
        .limit(10),
    );
    assert.match(officer, /loans_officer_promise_due_idx/, officer);
  }
});
