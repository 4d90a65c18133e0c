/**
 * Fixtures of the customers tests: registration forms and photos (rows written straight to the
 * database are test/fixtures.ts's).
 */
import { readdir } from 'node:fs/promises';
// shared/testing is exported by file name; `.js` lets tsc and tsx find the .ts behind it.
import { FULL_REGISTRATION_FIELDS } from '@lender/shared/testing/registration-fields.js';
import { count } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Database } from '../../src/db/client';
import {
  collaterals,
  customers,
  files,
  guarantorCollaterals,
  guarantors,
  referees,
} from '../../src/db/schema';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Bytes that file-type recognises as a JPEG. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200),
]);

export const CUSTOMER_URL = '/api/customerNew';

/**
 * A full registration's text fields: two next of kin, two collaterals, a guarantor with two
 * collaterals (the contract's parsing tests start from the same ones).
 */
export const FULL_FIELDS = FULL_REGISTRATION_FIELDS;

/** The minimum: the required fields and one next of kin. */
export function minimalFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return fields(
    {
      first_name: 'Akinyi',
      last_name: 'Odhiambo',
      phone: '0798765432',
      national_id: '87654321',
      county: 'Kisumu',
      occupation: 'Teacher',
      address: 'Milimani, plot 4',
      'referees[0][name]': 'Otieno Odhiambo',
      'referees[0][id_number]': '11223344',
      'referees[0][phone_number]': '0700111222',
      'referees[0][relationship]': 'Father',
    },
    overrides,
  );
}

/** `base` with `overrides` applied; an undefined override removes the field. */
export function fields(
  base: Readonly<Record<string, string>>,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const result: Record<string, string> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}

export interface Photos {
  /** Null: sent without a national ID photo. Default: a JPEG. */
  national_id_photo?: Buffer | null;
  passport_photo?: Buffer;
}

export function customerForm(text: Record<string, string>, photos: Photos = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  const nationalId = photos.national_id_photo === undefined ? JPEG : photos.national_id_photo;
  if (nationalId) form.append('national_id_photo', new Blob([nationalId]), 'id.jpg');
  if (photos.passport_photo) form.append('passport_photo', new Blob([photos.passport_photo]), 'passport.png');
  return form;
}

export function postCustomer(app: App, headers: Record<string, string>, form: FormData) {
  return app.inject({ method: 'POST', url: CUSTOMER_URL, headers, payload: form });
}

/** Registers a customer through the API and returns its id. */
export async function registerThroughApi(
  app: App,
  headers: Record<string, string>,
  text: Record<string, string>,
  photos: Photos = {},
): Promise<number> {
  const response = await postCustomer(app, headers, customerForm(text, photos));
  if (response.statusCode !== 201) throw new Error(`Registration failed: ${response.body}`);
  return response.json<{ id: number }>().id;
}

export const storedFiles = (filesDir: string) => readdir(filesDir).catch(() => [] as string[]);

/** How many rows each table a registration writes to holds (files: every stored file's row). */
export async function countCustomerRows(db: Database): Promise<Record<string, number>> {
  const tables = { customers, referees, collaterals, guarantors, guarantorCollaterals, files };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}
