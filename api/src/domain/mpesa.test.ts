import assert from 'node:assert/strict';
import { test } from 'node:test';
import { businessDate } from './clock';
import { formatTransTime, payerNameOf, readTransTime, splitPayment } from './mpesa';

test('TransTime is read in the lender zone: one second after midnight in Nairobi is that day, 21:00:01 UTC the day before', () => {
  const read = readTransTime('20250304000001', 'Africa/Nairobi');
  assert.ok(read);
  assert.equal(read.date, '2025-03-04');
  assert.equal(read.instant.toISOString(), '2025-03-03T21:00:01.000Z');
  assert.equal(businessDate(read.instant, 'Africa/Nairobi'), '2025-03-04');
  assert.equal(readTransTime('20250303235959', 'Africa/Nairobi')?.date, '2025-03-03');
});

test('TransTime that is no real date or time is refused', () => {
  for (const value of [
    '20250230120000',
    '20251301120000',
    '20250304240000',
    '20250304126000',
    '2025030412000',
  ])
    assert.equal(readTransTime(value, 'Africa/Nairobi'), null, value);
});

test('TransTime written and read back agree, in a zone with daylight saving too', () => {
  for (const zone of ['Africa/Nairobi', 'Europe/London', 'America/New_York']) {
    const instant = new Date('2025-07-01T10:20:30.000Z');
    const text = formatTransTime(instant, zone);
    assert.equal(readTransTime(text, zone)?.instant.toISOString(), instant.toISOString(), zone);
  }
  assert.equal(formatTransTime(new Date('2025-03-03T21:00:01Z'), 'Africa/Nairobi'), '20250304000001');
});

test('a payment goes on the loan up to what it owes; the rest is the remainder', () => {
  assert.deepEqual(splitPayment(150_000n, 200_000n), { applied: 150_000n, remainder: 0n });
  assert.deepEqual(splitPayment(200_000n, 200_000n), { applied: 200_000n, remainder: 0n });
  assert.deepEqual(splitPayment(250_050n, 200_000n), { applied: 200_000n, remainder: 50_050n });
  assert.deepEqual(splitPayment(1_000n, 0n), { applied: 0n, remainder: 1_000n });
});

test('the payer name joins the parts M-Pesa sent', () => {
  assert.equal(payerNameOf({ FirstName: 'John', MiddleName: '', LastName: 'Kamau' }), 'John Kamau');
  assert.equal(payerNameOf({ FirstName: '', MiddleName: '', LastName: '' }), '');
});
