/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled; lines end with CRLF. A text field starting with =, +, -, @, tab or carriage
 * return is prefixed with ' so that a spreadsheet shows it instead of running it as a formula
 * (a customer named "=HYPERLINK(…)" must stay a name). Numbers are written as they are.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
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
