import { formatAmountInput, formatKsh, parseAmountInput } from './money';

describe('amounts', () => {
  it('reads Ksh with thousands separators and two decimals', () => {
    expect(formatKsh(1500000)).toBe('Ksh 1,500,000.00');
    expect(formatKsh('12345.5')).toBe('Ksh 12,345.50');
  });

  it('groups an amount field’s digits as typed, and reads them back without the separators', () => {
    expect(formatAmountInput(1500000)).toBe('1,500,000');
    expect(formatAmountInput('1500000.50')).toBe('1,500,000.50');
    expect(formatAmountInput('999')).toBe('999');
    expect(formatAmountInput(500000, 2)).toBe('500,000.00');
    expect(formatAmountInput('90000.5', 2)).toBe('90,000.50');
    expect(formatAmountInput(undefined)).toBe('');
    expect(parseAmountInput('1,500,000.50')).toBe('1500000.50');
    expect(parseAmountInput(undefined)).toBe('');
  });
});
