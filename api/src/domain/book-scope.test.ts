import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bookScope, inBook } from './book-scope';

const admin = { id: 1, role: 'admin' as const };
const officer = { id: 7, role: 'officer' as const };

describe('book scope', () => {
  test('an officer reads their own book, whatever the query names', () => {
    assert.deepEqual(bookScope(officer), { officerId: 7 });
    assert.deepEqual(bookScope(officer, { officerId: 9, userId: 9 }), { officerId: 7 });
  });

  test("an admin reads everyone's book unless the query names another officer", () => {
    assert.deepEqual(bookScope(admin), { officerId: undefined });
    assert.deepEqual(bookScope(admin, { officerId: 9 }), { officerId: 9 });
    assert.deepEqual(bookScope(admin, { userId: 9 }), { officerId: 9 });
    // officerId wins over userId; an id naming the admin identifies them and does not narrow.
    assert.deepEqual(bookScope(admin, { officerId: 9, userId: 8 }), { officerId: 9 });
    assert.deepEqual(bookScope(admin, { officerId: 1, userId: 8 }), { officerId: 8 });
    assert.deepEqual(bookScope(admin, { officerId: 1, userId: 1 }), { officerId: undefined });
  });

  test("a record is in the caller's book when the caller is an admin or its officer", () => {
    assert.equal(inBook(admin, 9), true);
    assert.equal(inBook(officer, 7), true);
    assert.equal(inBook(officer, 9), false);
  });
});
