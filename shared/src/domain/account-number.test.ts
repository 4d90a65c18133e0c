import {
  ACCOUNT_ALPHABET,
  ACCOUNT_NUMBER_CAPACITY,
  accountCheckCharacter,
  encodeAccountNumber,
  isValidAccountNumber,
  loanIdOfAccountNumber,
  parseAccountNumber,
} from './account-number';

describe('account numbers', () => {
  it('uses 31 unambiguous characters: no 0, O, 1, I or L', () => {
    expect(ACCOUNT_ALPHABET).toHaveLength(31);
    expect(new Set(ACCOUNT_ALPHABET).size).toBe(31);
    for (const ambiguous of '01OIL') expect(ACCOUNT_ALPHABET).not.toContain(ambiguous);
  });

  it('gives a loan 7 characters of the alphabet, ending in a check character that validates', () => {
    for (const id of [1, 2, 3, 42, 99_999, 1_000_000, ACCOUNT_NUMBER_CAPACITY - 1]) {
      const number = encodeAccountNumber(id);
      expect(number).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
      expect(isValidAccountNumber(number)).toBe(true);
    }
  });

  it('leads back from a number to its loan, however it was typed: nothing needs storing', () => {
    for (const id of [1, 2, 42, 99_999, 1_000_000, 123_456_789, ACCOUNT_NUMBER_CAPACITY - 1]) {
      const number = encodeAccountNumber(id);
      expect(loanIdOfAccountNumber(number)).toBe(id);
      expect(loanIdOfAccountNumber(` ${number.slice(0, 3).toLowerCase()}-${number.slice(3)} `)).toBe(id);
    }
    // A typo is caught by the check character, not sent to another loan.
    const number = encodeAccountNumber(42);
    const typo = (number.charAt(0) === '2' ? '3' : '2') + number.slice(1);
    expect(loanIdOfAccountNumber(typo)).toBeNull();
    expect(loanIdOfAccountNumber('not one')).toBeNull();
  });

  it('is stable: the same id always gives the same number', () => {
    expect(encodeAccountNumber(1)).toBe(encodeAccountNumber(1));
    expect(encodeAccountNumber(1)).toMatchInlineSnapshot(`"KV7R48X"`);
  });

  it('gives different, unalike numbers to consecutive loans', () => {
    const numbers = Array.from({ length: 20_000 }, (_, i) => encodeAccountNumber(i + 1));
    expect(new Set(numbers).size).toBe(numbers.length);
    // consecutive ids differ in more than the last payload character
    const [a, b] = [encodeAccountNumber(100), encodeAccountNumber(101)];
    expect(a.slice(0, 5)).not.toBe(b.slice(0, 5));
  });

  it('refuses ids it cannot encode', () => {
    expect(() => encodeAccountNumber(0)).toThrow(RangeError);
    expect(() => encodeAccountNumber(1.5)).toThrow(RangeError);
    expect(() => encodeAccountNumber(ACCOUNT_NUMBER_CAPACITY)).toThrow(RangeError);
  });

  it('reads what a customer typed: any case, spaces and dashes ignored', () => {
    const number = encodeAccountNumber(4711);
    expect(parseAccountNumber(` ${number.toLowerCase().slice(0, 3)} ${number.slice(3)} `)).toBe(number);
    expect(parseAccountNumber(`${number.slice(0, 4)}-${number.slice(4)}`)).toBe(number);
  });

  it('catches every single mistyped character', () => {
    for (const id of [7, 12_345, 654_321]) {
      const number = encodeAccountNumber(id);
      for (let position = 0; position < number.length; position++) {
        for (const char of ACCOUNT_ALPHABET) {
          if (char === number[position]) continue;
          const typo = number.slice(0, position) + char + number.slice(position + 1);
          expect(isValidAccountNumber(typo)).toBe(false);
        }
      }
    }
  });

  it('catches any two different characters swapped', () => {
    let caught = 0;
    let swaps = 0;
    for (let id = 1; id <= 2_000; id++) {
      const number = encodeAccountNumber(id);
      for (let i = 0; i < number.length - 1; i++) {
        for (let j = i + 1; j < number.length; j++) {
          const [x, y] = [number.charAt(i), number.charAt(j)];
          if (x === y) continue;
          swaps++;
          const swapped = number.slice(0, i) + y + number.slice(i + 1, j) + x + number.slice(j + 1);
          if (!isValidAccountNumber(swapped)) caught++;
        }
      }
    }
    expect(caught).toBe(swaps);
  });

  it('refuses the wrong length, foreign characters and the ambiguous ones', () => {
    const number = encodeAccountNumber(5);
    expect(parseAccountNumber(number.slice(0, 6))).toBeNull();
    expect(parseAccountNumber(`${number}2`)).toBeNull();
    expect(parseAccountNumber('0000000')).toBeNull();
    expect(parseAccountNumber('')).toBeNull();
    expect(() => accountCheckCharacter('AB0')).toThrow();
  });
});
