import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvField, csvLabel, csvLine, csvPhone, kshNumber } from './csv';

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

test('a phone number is written in its international form, as text a spreadsheet keeps: ="+254…"', () => {
  for (const phone of ['+254712345678', '0712345678', '254712345678', '0712 345 678'])
    assert.equal(csvField(csvPhone(phone)), '"=""+254712345678"""');
  assert.equal(csvField(csvPhone('0110345678')), '"=""+254110345678"""');
  // M-Pesa masks a payer's number: it stays text as it came.
  assert.equal(csvField(csvPhone('2547 ***** 126')), '2547 ***** 126');
  // Never a formula of anything but a + and digits.
  assert.equal(csvField(csvPhone('=1+1')), "'=1+1");
  assert.equal(csvField(csvPhone('+254 7"); DROP')), `"'+254 7""); DROP"`);
  assert.equal(csvField(csvPhone(null)), '');
});

test('statuses read as their labels, in sentence case', () => {
  assert.equal(csvLabel('partially paid'), 'Partially paid');
  assert.equal(csvLabel('Waiting'), 'Waiting');
  assert.equal(csvLabel(null), null);
});
