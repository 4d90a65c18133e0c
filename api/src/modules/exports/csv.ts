/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled; lines end with CRLF. A text field starting with =, +, -, @, tab or carriage
 * return is prefixed with ' so that a spreadsheet shows it instead of running it as a formula
 * (a customer named "=HYPERLINK(…)" must stay a name). Numbers are written as they are. A phone
 * number (`csvPhone`) is written ="+254712345678": see there.
 */
export type CsvValue = string | number | null | undefined | PhoneCell;

/** A phone number for the CSV, in its international form, to be kept as text (csvPhone). */
export class PhoneCell {
  constructor(readonly international: string) {}
}

/**
 * A phone number in its international form (+254712345678), written so that a spreadsheet keeps it
 * as text: ="+254712345678". A plain +254712345678 (or 0712345678, or 254712345678) is read as a
 * number by Excel and LibreOffice Calc alike, which drop the + or the leading 0 (and may show
 * 2.54712E+11); '+254… keeps its apostrophe in view once the CSV is opened (both tried in
 * LibreOffice 7.4, docs/product.md#csv-exports). The formula is only ever a quoted string of a +
 * and digits, built here from a value that is only that, so no text a customer typed can reach a
 * formula. Kenyan numbers in their usual forms become +254…; anything else (M-Pesa's masked
 * "2547 ***** 126") is ordinary text.
 */
export function csvPhone(phone: string | null | undefined): CsvValue {
  if (!phone) return null;
  const digits = phone.replace(/[\s-]/g, '');
  const international = /^0[17]\d{8}$/.test(digits)
    ? `+254${digits.slice(1)}`
    : /^254\d{9}$/.test(digits)
      ? `+${digits}`
      : digits;
  return /^\+\d{7,15}$/.test(international) ? new PhoneCell(international) : phone;
}

/** A status as its label, in sentence case ('partially paid' → 'Partially paid'). */
export const csvLabel = (label: string | null | undefined): string | null =>
  label ? `${label.charAt(0).toUpperCase()}${label.slice(1)}` : null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // ="+254…", quoted as a field holding quotes is: "=""+254…""".
  if (value instanceof PhoneCell) return `"=""${value.international}"""`;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/** Ksh as a plain number with 2 decimals, for a spreadsheet to add up. */
export const kshNumber = (amount: number): string => amount.toFixed(2);

/** A CSV file: a byte-order mark and the header, then one chunk of lines per batch of rows. */
export async function* csvLines<Row>(
  columns: readonly string[],
  batches: AsyncIterable<Row[]>,
  line: (row: Row) => string,
): AsyncGenerator<string> {
  // A byte-order mark: Excel then reads the file as UTF-8 (names with accents, "Ksh").
  yield `\uFEFF${csvLine(columns)}`;
  for await (const batch of batches) {
    yield batch.map(line).join('');
  }
}
