import { z } from 'zod';
import { MAX_ID } from './common';
import { isCalendarDate } from '../domain/date-time';

/**
 * Pure validators of the domain rules (docs/product.md#money-time-and-identifiers) and zod field builders whose messages name the field
 * in plain English, so that `errors[0].msg` can be shown to a loan officer as it is.
 */

// ---------------------------------------------------------------------------------------------
// Pure validators
// ---------------------------------------------------------------------------------------------

/**
 * Kenyan mobile number in any of the accepted forms (07XXXXXXXX, 01XXXXXXXX, +2547…, 2547…,
 * +2541…, 2541…, with spaces or dashes) → `+254XXXXXXXXX`; anything else → null.
 */
export function normaliseKenyanPhone(value: string): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.trim().replace(/[\s-]/g, '');
  const match = /^(?:0|\+?254)([17]\d{8})$/.exec(compact);
  return match ? `+254${match[1]}` : null;
}

/** Luhn check over a string of digits (the last digit is the check digit). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IMEI: exactly 15 digits with a valid Luhn check digit. */
export function isValidImei(value: string): boolean {
  return typeof value === 'string' && /^\d{15}$/.test(value) && passesLuhn(value);
}

/** M-Pesa code: 10 letters and digits; lower case and surrounding spaces accepted → upper case. */
export function normaliseMpesaCode(value: string): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z0-9]{10}$/.test(code) ? code : null;
}

/** National ID number: 6 to 10 digits. */
export function isValidNationalId(value: string): boolean {
  return typeof value === 'string' && /^\d{6,10}$/.test(value);
}

/** True when the number was written with at most 2 decimals (cents). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

// ---------------------------------------------------------------------------------------------
// Preprocessing of raw input (JSON bodies, query strings and multipart text fields)
// ---------------------------------------------------------------------------------------------

/** Trims strings; '' and null become undefined (an empty form field means "not given"). */
export const blankToUndefined = (value: unknown): unknown => {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
};

/** Like blankToUndefined, and a numeric string becomes a number (query strings and multipart). */
export const toNumberInput = (value: unknown): unknown => {
  const blank = blankToUndefined(value);
  // Only plain decimals: Number() would also read '0x10' as 16, '1e3' as 1000 and 'Infinity'.
  return typeof blank === 'string' && DECIMAL.test(blank) ? Number(blank) : blank;
};

/** A decimal number as a person writes it: digits, optionally a sign and a fractional part. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A record id from a path, query or body: a number, or a decimal string exactly as written (no
 * spaces, no '0x1' or '1e0', which would otherwise read record 1).
 */
const toIdInput = (value: unknown): unknown => {
  if (value === null || value === '') return undefined;
  return typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
};

const requiredOr = (label: string, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : otherwise;

// ---------------------------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------------------------

/** Required text, trimmed. */
export const textField = (label: string, max = 255) =>
  z
    .string({ error: requiredOr(label, `${label} must be text`) })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true });

/** Optional text, trimmed; '' and null count as not given. */
export const optionalTextField = (label: string, max = 255) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const MAX_MONEY = 999_999_999_999.99;

const moneyNumber = (label: string, allowZero: boolean) =>
  z
    .number({ error: requiredOr(label, `${label} must be a number`) })
    .refine((n) => (allowZero ? n >= 0 : n > 0), {
      message: allowZero ? `${label} cannot be negative` : `${label} must be greater than 0`,
      abort: true,
    })
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`)
    .refine((n) => n <= MAX_MONEY, `${label} is too large`);

/** Amount of money in Ksh: a number (or numeric string) > 0 with at most 2 decimals. */
export const moneyField = (label: string) => z.preprocess(toNumberInput, moneyNumber(label, false));
/** Amount of money in Ksh that may be 0. */
export const nonNegativeMoneyField = (label: string) => z.preprocess(toNumberInput, moneyNumber(label, true));
/** Optional amount of money ≥ 0; '' and null count as not given. */
export const optionalNonNegativeMoneyField = (label: string) =>
  z.preprocess(toNumberInput, moneyNumber(label, true).optional());
/** Optional amount of money > 0; '' and null count as not given. */
export const optionalMoneyField = (label: string) =>
  z.preprocess(toNumberInput, moneyNumber(label, false).optional());

/** Whole number within bounds (numeric strings accepted). */
export const intField = (label: string, min: number, max: number) =>
  z.preprocess(
    toNumberInput,
    z
      .number({ error: requiredOr(label, `${label} must be a number`) })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

const idNumber = (label: string) =>
  z
    .number({ error: requiredOr(label, `${label} must be a number`) })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be greater than 0`)
    .max(MAX_ID, `${label} is too large`);

/** Record id (product, customer, loan, user), as a number or a numeric string. */
export const idField = (label: string) => z.preprocess(toIdInput, idNumber(label));
/** Optional record id; '' and null count as not given. */
export const optionalIdField = (label: string) => z.preprocess(toIdInput, idNumber(label).optional());

/** Calendar date YYYY-MM-DD. */
export const dateField = (label: string) =>
  z
    .string({ error: requiredOr(label, `${label} must be a date`) })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .refine(isCalendarDate, `${label} must be a valid date written YYYY-MM-DD`);

/** Optional calendar date; '' and null count as not given. */
export const optionalDateField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a date` })
      .refine(isCalendarDate, `${label} must be a valid date written YYYY-MM-DD`)
      .optional(),
  );

/** Kenyan mobile number → `+254XXXXXXXXX`. */
export const kenyanPhoneField = (label = 'Phone number') =>
  textField(label, 40)
    .refine((v) => normaliseKenyanPhone(v) !== null, {
      message: `${label} must be a Kenyan mobile number such as 0712345678 or +254712345678`,
    })
    .transform((v) => normaliseKenyanPhone(v) as string);

/** National ID number, 6 to 10 digits. */
export const nationalIdField = (label = 'National ID number') =>
  textField(label, 40).refine(isValidNationalId, `${label} must be 6 to 10 digits`);

/** M-Pesa transaction code → upper case. */
export const mpesaCodeField = (label = 'M-Pesa code') =>
  textField(label, 40)
    .refine((v) => normaliseMpesaCode(v) !== null, `${label} must be 10 letters and digits, like QGH7XK2LMN`)
    .transform((v) => normaliseMpesaCode(v) as string);

/** IMEI of the financed phone, spaces and dashes ignored. */
export const imeiField = (label = 'IMEI') =>
  textField(label, 40)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(isValidImei, `${label} must be 15 digits with a valid check digit`);

/** Month number 1–12 (query strings accepted). */
export const monthField = (label = 'Month') => intField(label, 1, 12);
/** Calendar year (query strings accepted). */
export const yearField = (label = 'Year') => intField(label, 2000, 2100);
