/**
 * Loan account numbers: what a customer types as the paybill "account number" (issue 13).
 *
 * Seven characters from ACCOUNT_ALPHABET (digits and upper-case letters without the ambiguous
 * 0/O, 1/I/L): six encode the loan's id, the seventh is a weighted mod 31 check character, so any
 * single mistyped character and any swap of two different characters is caught.
 *
 * The six characters are the id passed through a fixed affine permutation of 0 … 31^6 − 1
 * (id × MULTIPLIER + OFFSET mod 31^6), written in base 31: consecutive loans do not get
 * consecutive-looking numbers, and two ids never share a number (the map is a bijection). Being
 * reversible, nothing needs storing: the server writes a loan's number from its id, and finds the
 * loan a typed number names by its id (loanIdOfAccountNumber), through the primary key. No
 * column, no migration rewriting a large book, no unique index to keep.
 */

/** 31 characters: 2–9, then A–Z without I, L and O. */
export const ACCOUNT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ACCOUNT_NUMBER_LENGTH = 7;

const BASE = BigInt(ACCOUNT_ALPHABET.length);
const PAYLOAD = ACCOUNT_NUMBER_LENGTH - 1;
/** 31^6 = 887,503,681: the ids an account number can encode (1 … this − 1). */
export const ACCOUNT_NUMBER_CAPACITY = Number(BASE ** BigInt(PAYLOAD));
const MODULUS = BASE ** BigInt(PAYLOAD);
/** 3^18: coprime with 31, so id ↦ id × MULTIPLIER + OFFSET (mod 31^6) is a permutation. */
const MULTIPLIER = 387420489n;
const OFFSET = 123456789n;

/** MULTIPLIER's inverse modulo 31^6 (extended Euclid), which undoes the permutation. */
function inverseModulo(value: bigint, modulus: bigint): bigint {
  let [a, b, x, y] = [value % modulus, modulus, 1n, 0n];
  while (b !== 0n) {
    const q = a / b;
    [a, b] = [b, a - q * b];
    [x, y] = [y, x - q * y];
  }
  return ((x % modulus) + modulus) % modulus;
}

const valueOf = (char: string): number => ACCOUNT_ALPHABET.indexOf(char);

/**
 * The check character of a payload written in ACCOUNT_ALPHABET: the value c with
 * Σ (7 − i) · value(payload[i]) + c ≡ 0 (mod 31). The weights 7 … 2 and the check's own 1 are
 * distinct and non-zero modulo the prime 31, so a single changed character or any two swapped
 * different characters always break the sum.
 */
export function accountCheckCharacter(payload: string): string {
  const n = ACCOUNT_ALPHABET.length;
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    const value = valueOf(payload.charAt(i));
    if (value < 0) throw new Error(`"${payload.charAt(i)}" is not an account number character`);
    sum += (ACCOUNT_NUMBER_LENGTH - i) * value;
  }
  return ACCOUNT_ALPHABET.charAt((n - (sum % n)) % n);
}

/** The account number of loan `id` (a positive integer below ACCOUNT_NUMBER_CAPACITY). */
export function encodeAccountNumber(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1 || id >= ACCOUNT_NUMBER_CAPACITY) {
    throw new RangeError(`Loan id ${id} has no account number`);
  }
  let x = (BigInt(id) * MULTIPLIER + OFFSET) % MODULUS;
  let payload = '';
  for (let i = 0; i < PAYLOAD; i++) {
    payload = ACCOUNT_ALPHABET.charAt(Number(x % BASE)) + payload;
    x /= BASE;
  }
  return payload + accountCheckCharacter(payload);
}

/** What a person typed, as an account number would be written: upper case, without spaces or dashes. */
export const normalizeAccountNumber = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

/**
 * The account number typed (any case, spaces and dashes ignored), normalised, if it is well
 * formed with a right check character; otherwise null.
 */
export function parseAccountNumber(typed: string): string | null {
  const value = normalizeAccountNumber(typed);
  if (value.length !== ACCOUNT_NUMBER_LENGTH) return null;
  if ([...value].some((char) => valueOf(char) < 0)) return null;
  const payload = value.slice(0, PAYLOAD);
  return accountCheckCharacter(payload) === value.charAt(PAYLOAD) ? value : null;
}

/**
 * The id of the loan an account number names (any case, spaces and dashes ignored), or null when
 * it is not a well-formed number with a right check character. Whether that loan exists, and is
 * open, is the caller's business.
 */
export function loanIdOfAccountNumber(typed: string): number | null {
  const value = parseAccountNumber(typed);
  if (value === null) return null;
  let x = 0n;
  for (const char of value.slice(0, PAYLOAD)) x = x * BASE + BigInt(valueOf(char));
  const id = (((x - OFFSET) % MODULUS) + MODULUS) % MODULUS;
  const loanId = (id * inverseModulo(MULTIPLIER, MODULUS)) % MODULUS;
  // 0 is the one value no loan has.
  return loanId === 0n ? null : Number(loanId);
}

export const isValidAccountNumber = (typed: string): boolean => parseAccountNumber(typed) !== null;
