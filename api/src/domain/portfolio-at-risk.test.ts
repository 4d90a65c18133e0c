import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { atRiskBefore, PAR_DAYS, PAR_STATUSES } from './portfolio-at-risk';

describe('portfolio at risk', () => {
  test('PAR30 counts a loan whose earliest uncovered installment fell due more than 30 days ago', () => {
    assert.equal(PAR_DAYS, 30);
    // Due on 1 March: 30 days late on 31 March (not at risk), 31 days late on 1 April.
    assert.equal(atRiskBefore('2026-03-31', PAR_DAYS), '2026-03-01');
    assert.equal(atRiskBefore('2026-04-01', PAR_DAYS), '2026-03-02');
    // Across a year's end, in calendar days.
    assert.equal(atRiskBefore('2027-01-15', PAR_DAYS), '2026-12-16');
  });

  test('PAR1 counts a loan more than one day late', () => {
    assert.equal(atRiskBefore('2026-03-03', 1), '2026-03-02');
  });

  test('only open disbursed loans are at risk: not paid, repossessed or awaiting disbursement', () => {
    assert.deepEqual([...PAR_STATUSES].sort(), ['active', 'defaulted', 'overdue', 'partially_paid']);
  });
});
