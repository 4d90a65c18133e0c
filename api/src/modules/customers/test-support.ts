/**
 * Fixtures of the customers tests: registration forms, photos, and the application and loan rows
 * that no endpoint creates yet (written straight to the database).
 */
import { readdir } from 'node:fs/promises';
import type { App } from '../../app';
import type { Database } from '../../db/client';
import { loanApplications, loanProducts, loans, mpesaCodes } from '../../db/schema';
import { TEST_START } from '../../../test/helper';

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

/** A full registration's text fields: two next of kin, two collaterals, a guarantor with two collaterals. */
export const FULL_FIELDS: Readonly<Record<string, string>> = {
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  phone: '0712345678',
  email: 'wanjiku@example.com',
  national_id: '12345678',
  county: 'Nairobi',
  occupation: 'Trader',
  residence_details: 'Kariobangi North, house 12',
  address: 'Gikomba Market, stall 14',
  monthly_income: '25000.50',
  'referees[0][name]': 'Peter Kamau',
  'referees[0][id_number]': '23456789',
  'referees[0][phone_number]': '+254 722 000 111',
  'referees[0][relationship]': 'Brother',
  'referees[1][name]': 'Mary Atieno',
  'referees[1][id_number]': '34567890',
  'referees[1][phone_number]': '0110-000-222',
  'referees[1][relationship]': 'Friend',
  'collaterals[0][item_name]': 'Television',
  'collaterals[0][item_count]': '1',
  'collaterals[0][additional_details]': 'Samsung 32"',
  'collaterals[1][item_name]': 'Sofa set',
  'collaterals[1][item_count]': '2',
  'guarantors[0][name]': 'John Otieno',
  'guarantors[0][relationship]': 'Employer',
  'guarantors[0][phone_number]': '254733444555',
  'guarantors[0][collaterals][0][item_name]': 'Motorbike',
  'guarantors[0][collaterals][0][item_count]': '1',
  'guarantors[0][collaterals][0][additional_details]': 'KMDA 123B',
  'guarantors[0][collaterals][1][item_name]': 'Fridge',
  'guarantors[0][collaterals][1][item_count]': '1',
};

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

let codeCounter = 0;
/** A fresh valid M-Pesa code. */
const nextMpesaCode = () => `QGH${String((codeCounter += 1)).padStart(7, '0')}`;

/** A loan product and a pending application for the customer (no endpoint creates them yet). */
export async function insertApplication(db: Database, customerId: number, officerId: number) {
  const [product] = await db
    .insert(loanProducts)
    .values({
      name: `Phone plan ${nextMpesaCode()}`,
      minAmount: '1000.00',
      maxAmount: '50000.00',
      interestRate: '10.00',
      durationDays: 30,
    })
    .returning();
  const code = nextMpesaCode();
  // One pending application per phone: each gets its own IMEI.
  const imei = `35000000${code.slice(3)}`;
  await db.insert(mpesaCodes).values({ code, usedFor: 'application_deposit', recordedAt: TEST_START });
  const [application] = await db
    .insert(loanApplications)
    .values({
      customerId,
      productId: product?.id ?? 0,
      officerId,
      amount: '10000.00',
      model: 'Tecno Spark 20',
      imei,
      mpesaCode: code,
    })
    .returning();
  if (!product || !application) throw new Error('Insert returned no row');
  return { product, application };
}

/** An approved application and its loan for the customer. */
export async function insertLoan(db: Database, customerId: number, officerId: number) {
  const { product, application } = await insertApplication(db, customerId, officerId);
  const [loan] = await db
    .insert(loans)
    .values({
      applicationId: application.id,
      customerId,
      productId: product.id,
      officerId,
      productName: product.name,
      interestRate: '10.00',
      durationDays: 30,
      appliedAmount: '10000.00',
      principal: '10000.00',
      totalInterest: '1000.00',
      totalAmount: '11000.00',
      installmentCount: 4,
      installmentAmount: '2750.00',
      remainingBalance: '11000.00',
      model: application.model,
      imei: application.imei,
      approvedAt: TEST_START,
    })
    .returning();
  if (!loan) throw new Error('Insert returned no row');
  return loan;
}
