import { seesWholeBook } from './book-scope';

describe('seesWholeBook', () => {
  it('gives admins every officer’s book and officers their own', () => {
    expect(seesWholeBook('admin')).toBe(true);
    expect(seesWholeBook('officer')).toBe(false);
  });

  it('gives nobody without a role the whole book', () => {
    expect(seesWholeBook(null)).toBe(false);
    expect(seesWholeBook(undefined)).toBe(false);
  });
});
