import { z } from 'zod';
import { isCalendarDate } from '../domain/date-time';
import {
  dateField,
  hasAtMostTwoDecimals,
  idField,
  imeiField,
  isValidImei,
  isValidNationalId,
  kenyanPhoneField,
  moneyField,
  mpesaCodeField,
  nationalIdField,
  nonNegativeMoneyField,
  normaliseKenyanPhone,
  normaliseMpesaCode,
  optionalMoneyField,
  optionalTextField,
  passesLuhn,
  textField,
} from './validators';

const messages = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('normaliseKenyanPhone', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254112345678', '+254112345678'],
    ['254112345678', '+254112345678'],
    ['0712 345 678', '+254712345678'],
    ['0712-345-678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['  254-712-345678 ', '+254712345678'],
  ])('accepts %s', (input, expected) => {
    expect(normaliseKenyanPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '071234567',
    '07123456789',
    '0812345678',
    '+254812345678',
    '+25471234567',
    '+2547123456789',
    '712345678',
    '+255712345678',
    '07123x5678',
    '(0712) 345678',
    '0712.345.678',
  ])('refuses %s', (input) => {
    expect(normaliseKenyanPhone(input)).toBeNull();
  });
});

describe('IMEI', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('12a')).toBe(false);
  });

  it('accepts 15 digits with a valid check digit', () => {
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('356938035643809')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length or other characters', () => {
    expect(isValidImei('490154203237519')).toBe(false);
    expect(isValidImei('49015420323751')).toBe(false);
    expect(isValidImei('4901542032375180')).toBe(false);
    expect(isValidImei('49015420323751A')).toBe(false);
  });

  it('field ignores spaces and dashes and names the field in its message', () => {
    expect(imeiField().parse(' 49-015420-323751-8 ')).toBe('490154203237518');
    expect(messages(imeiField(), '490154203237519')).toEqual([
      'IMEI must be 15 digits with a valid check digit',
    ]);
    expect(messages(imeiField(), '')).toEqual(['IMEI is required']);
    expect(messages(imeiField(), undefined)).toEqual(['IMEI is required']);
  });
});

describe('M-Pesa code', () => {
  it('normalises lower case and surrounding spaces to upper case', () => {
    expect(normaliseMpesaCode('  qgh7xk2lmn ')).toBe('QGH7XK2LMN');
    expect(normaliseMpesaCode('QGH7XK2LMN')).toBe('QGH7XK2LMN');
    expect(mpesaCodeField().parse(' qgh7xk2lmn')).toBe('QGH7XK2LMN');
  });

  it('refuses other lengths and characters', () => {
    expect(normaliseMpesaCode('QGH7XK2LM')).toBeNull();
    expect(normaliseMpesaCode('QGH7XK2LMNO')).toBeNull();
    expect(normaliseMpesaCode('QGH7-K2LMN')).toBeNull();
    expect(normaliseMpesaCode('QGH7 K2LMN')).toBeNull();
    expect(messages(mpesaCodeField(), 'ABC')).toEqual([
      'M-Pesa code must be 10 letters and digits, like QGH7XK2LMN',
    ]);
    expect(messages(mpesaCodeField(), '  ')).toEqual(['M-Pesa code is required']);
  });
});

describe('national ID', () => {
  it('accepts 6 to 10 digits', () => {
    expect(isValidNationalId('123456')).toBe(true);
    expect(isValidNationalId('1234567890')).toBe(true);
    expect(nationalIdField().parse(' 12345678 ')).toBe('12345678');
  });

  it('refuses fewer than 6, more than 10 or non-digits', () => {
    expect(isValidNationalId('12345')).toBe(false);
    expect(isValidNationalId('12345678901')).toBe(false);
    expect(isValidNationalId('1234567A')).toBe(false);
    expect(messages(nationalIdField(), '12345')).toEqual(['National ID number must be 6 to 10 digits']);
  });
});

describe('phone field', () => {
  it('normalises and names the field when wrong', () => {
    expect(kenyanPhoneField().parse('0712 345 678')).toBe('+254712345678');
    expect(messages(kenyanPhoneField('Guarantor phone number'), '12345')).toEqual([
      'Guarantor phone number must be a Kenyan mobile number such as 0712345678 or +254712345678',
    ]);
    expect(messages(kenyanPhoneField(), undefined)).toEqual(['Phone number is required']);
  });
});

describe('money', () => {
  it('knows when a number has at most 2 decimals', () => {
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(10.5)).toBe(true);
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(123456789.12)).toBe(true);
    expect(hasAtMostTwoDecimals(10.123)).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
  });

  it('accepts numbers and numeric strings above 0', () => {
    expect(moneyField('Amount').parse(1500.5)).toBe(1500.5);
    expect(moneyField('Amount').parse(' 2500 ')).toBe(2500);
  });

  it('names the field in every message', () => {
    expect(messages(moneyField('Amount'), 0)).toEqual(['Amount must be greater than 0']);
    expect(messages(moneyField('Amount'), -5)).toEqual(['Amount must be greater than 0']);
    expect(messages(moneyField('Amount'), 10.555)).toEqual(['Amount can have at most 2 decimal places']);
    expect(messages(moneyField('Amount'), 'ten')).toEqual(['Amount must be a number']);
    expect(messages(moneyField('Amount'), '')).toEqual(['Amount is required']);
    expect(messages(moneyField('Amount'), undefined)).toEqual(['Amount is required']);
    expect(messages(moneyField('Amount'), 1e15)).toEqual(['Amount is too large']);
  });

  it('allows 0 where asked and treats blanks as not given for optional amounts', () => {
    expect(nonNegativeMoneyField('Target').parse(0)).toBe(0);
    expect(messages(nonNegativeMoneyField('Target'), -1)).toEqual(['Target cannot be negative']);
    expect(optionalMoneyField('Amount').parse('')).toBeUndefined();
    expect(optionalMoneyField('Amount').parse(null)).toBeUndefined();
  });
});

describe('other fields', () => {
  it('text is trimmed, required and bounded', () => {
    expect(textField('Purpose').parse('  School fees ')).toBe('School fees');
    expect(messages(textField('Purpose'), '   ')).toEqual(['Purpose is required']);
    expect(messages(textField('Purpose', 5), 'abcdef')).toEqual(['Purpose must be at most 5 characters']);
    expect(messages(textField('Purpose'), 12)).toEqual(['Purpose must be text']);
    expect(optionalTextField('Reason').parse('  ')).toBeUndefined();
  });

  it('ids accept numeric strings and refuse the rest', () => {
    expect(idField('Product').parse('3')).toBe(3);
    expect(messages(idField('Product'), '0')).toEqual(['Product must be greater than 0']);
    expect(messages(idField('Product'), '1.5')).toEqual(['Product must be a whole number']);
    expect(messages(idField('Product'), 'abc')).toEqual(['Product must be a number']);
    // Forms Number() would read as record 1.
    for (const odd of ['0x1', ' 1', '1 ', '1e0', '+1', 'Infinity']) {
      expect(messages(idField('Product'), odd)).toEqual(['Product must be a number']);
    }
  });

  it('amounts are plain decimals: no hex, exponent or infinity written as text', () => {
    for (const odd of ['0x10', '1e3', 'Infinity', '0b11', '1_000', '1,000']) {
      expect(messages(moneyField('Amount'), odd)).toEqual(['Amount must be a number']);
    }
    expect(moneyField('Amount').parse('1500.50')).toBe(1500.5);
  });

  it('dates must be real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
    // Within 1900-01-01 … 2199-12-31: a year 0 or 9999 is a typing slip, and no date to store.
    expect(isCalendarDate('1900-01-01')).toBe(true);
    expect(isCalendarDate('2199-12-31')).toBe(true);
    expect(isCalendarDate('1899-12-31')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('2200-01-01')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(false);
    expect(dateField('Note date').parse('2024-05-01')).toBe('2024-05-01');
    expect(messages(dateField('Note date'), '2024-02-30')).toEqual([
      'Note date must be a valid date written YYYY-MM-DD',
    ]);
    expect(messages(dateField('Note date'), undefined)).toEqual(['Note date is required']);
  });
});
