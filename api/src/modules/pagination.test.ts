import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COUNT_LIMIT, countLimit, pageMeta } from './pagination';

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
