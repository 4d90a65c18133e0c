import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvField, csvLine, kshNumber } from './csv';

test('CSV fields are quoted when they must be, and formulas are neutralised', () => {
  assert.equal(csvField('Wanjiku Kamau'), 'Wanjiku Kamau');
  assert.equal(csvField('Kamau, Wanjiku'), '"Kamau, Wanjiku"');
  assert.equal(csvField('She said "pay"'), '"She said ""pay"""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
  assert.equal(csvField('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`);
  assert.equal(csvField('+254712345678'), "'+254712345678");
  assert.equal(csvField('-5'), "'-5");
  assert.equal(csvField(null), '');
  assert.equal(csvField(13440), '13440');
  assert.equal(csvLine(['a', 1, null]), 'a,1,\r\n');
  assert.equal(kshNumber(13440), '13440.00');
  assert.equal(kshNumber(0.1 + 0.2), '0.30');
});
