import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COUNT_LIMIT, countLimit, keysetBatches, pageMeta } from './pagination';

test('a count within the limit is exact and says nothing more', () => {
  const request = { page: 1, pageSize: 10 };
  assert.deepEqual(pageMeta(request, 12, countLimit(request)), {
    page: 1,
    pageSize: 10,
    total: 12,
    totalPages: 2,
  });
  assert.deepEqual(pageMeta(request, COUNT_LIMIT, countLimit(request)), {
    page: 1,
    pageSize: 10,
    total: COUNT_LIMIT,
    totalPages: COUNT_LIMIT / 10,
  });
});

test('a count that reached the limit is a lower bound: "more than" that many rows and pages', () => {
  const request = { page: 1, pageSize: 10 };
  assert.deepEqual(pageMeta(request, COUNT_LIMIT + 1, countLimit(request)), {
    page: 1,
    pageSize: 10,
    total: COUNT_LIMIT,
    totalPages: COUNT_LIMIT / 10,
    totalEstimated: true,
  });
});

test('the count reaches at least the requested page, so a deep page still knows whether more follow', () => {
  const deep = { page: 250, pageSize: 10 };
  assert.equal(countLimit(deep), 2500);
  const meta = pageMeta(deep, 2501, countLimit(deep));
  assert.equal(meta.totalPages, 250);
  assert.equal(meta.totalEstimated, true);
  assert.deepEqual(pageMeta(deep, 2495, countLimit(deep)), {
    page: 250,
    pageSize: 10,
    total: 2495,
    totalPages: 250,
  });
});

/** An ordered list of `count` rows read as a keyset query would: the `size` rows after the last one. */
const keysetList = (count: number, size: number) => {
  const rows = Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
  const asked: (number | undefined)[] = [];
  const fetchAfter = async (last: { id: number } | undefined) => {
    asked.push(last?.id);
    return rows.filter((row) => row.id > (last?.id ?? 0)).slice(0, size);
  };
  return { asked, batches: keysetBatches(fetchAfter, size) };
};

const collect = async <Row>(batches: AsyncIterable<Row[]>) => {
  const all: Row[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
};

test('keyset batches read every row once, each batch after the last row of the one before', async () => {
  const { asked, batches } = keysetList(7, 3);
  const all = await collect(batches);
  assert.deepEqual(
    all.map((batch) => batch.map((row) => row.id)),
    [[1, 2, 3], [4, 5, 6], [7]],
  );
  // The short batch is the last: no query after it.
  assert.deepEqual(asked, [undefined, 3, 6]);
});

test('keyset batches of a list that fills its last batch end on the empty read after it', async () => {
  const { asked, batches } = keysetList(6, 3);
  assert.deepEqual(
    (await collect(batches)).map((batch) => batch.length),
    [3, 3],
  );
  assert.deepEqual(asked, [undefined, 3, 6]);
});

test('keyset batches of an empty list yield no batch', async () => {
  const { asked, batches } = keysetList(0, 3);
  assert.deepEqual(await collect(batches), []);
  assert.deepEqual(asked, [undefined]);
});
