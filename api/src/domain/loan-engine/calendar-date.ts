/**
 * Calendar dates (YYYY-MM-DD) of the lender's business days. `domain/clock.ts` turns an instant
 * into the business date of a zone (`businessDate(instant, LENDER_TZ)`); this file adds the
 * arithmetic on such dates, which clock.ts does not have. It counts days on the proleptic
 * Gregorian calendar and never touches a time of day, so no DST change or zone offset can shift a
 * result by a day.
 */
export type BusinessDate = string;

/** The zone used when LENDER_TZ is not set (the server reads LENDER_TZ in config.ts). */
export const DEFAULT_LENDER_TZ = 'Africa/Nairobi';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
function epochDayOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date of a day count since 1970-01-01 (H. Hinnant's civil_from_days). */
function dateOfEpochDay(epochDay: number): BusinessDate {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 1 || year > 9999) throw new RangeError(`Date out of range (years 0001–9999): day ${epochDay}`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parse(date: BusinessDate): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const epochDay = epochDayOf(year, month, day);
  // 2026-02-30 would count as 2026-03-02: a real date reads back the same.
  return dateOfEpochDay(epochDay) === date ? epochDay : null;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (2024-02-29 yes, 2026-02-29 no). */
export function isBusinessDate(value: string): boolean {
  return parse(value) !== null;
}

function toEpochDay(date: BusinessDate): number {
  const epochDay = parse(date);
  if (epochDay === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${date}"`);
  return epochDay;
}

/** `date` moved by a whole number of days (negative moves back). */
export function addDays(date: BusinessDate, days: number): BusinessDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return dateOfEpochDay(toEpochDay(date) + days);
}

/** `to` − `from` in whole days: daysBetween('2026-03-09', '2026-03-10') = 1. */
export function daysBetween(from: BusinessDate, to: BusinessDate): number {
  return toEpochDay(to) - toEpochDay(from);
}
