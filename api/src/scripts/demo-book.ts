/**
 * The demo book (`npm run demo`): a believable lender built through the HTTP API (app.inject, the
 * same requests the browser makes), so every rule of the server holds for the data exactly as it
 * would for staff typing it in. The history is dated relative to today: business time is moved back
 * (DemoClock) and each request runs at its own past instant, in date order, so loans are disbursed
 * weeks ago, repaid, locked, defaulted and repossessed as they would have been.
 *
 * Deterministic: every choice comes from one seeded PRNG (mulberry32) drawn while planning, before
 * anything runs, so the same seed and size give the same customers and loans (dates follow today).
 */
import { TAMPERED_PREFIX, UNREGISTERED_PREFIX } from './simulators/device-lock-simulator';
import { deflateSync } from 'node:zlib';
import { BUSINESS_TIME_ZONE } from '@lender/shared/domain/date-time';
import { apiRoutes, API_BASE } from '@lender/shared/contract/routes';
import { passesLuhn } from '@lender/shared/contract/validators';
import type { App } from '../app';
import { businessDate, type Clock } from '../domain/clock';
import { addDays } from '../domain/loan-engine';
import { formatTransTime } from '../domain/mpesa';
import { serviceContext } from '../modules/service-context';
import { createSystemUser } from '../modules/users/service';

/** Business time that can be moved back while the history is written; security timers keep real time. */
export class DemoClock implements Clock {
  private at: number | undefined;

  now = (): Date => new Date(this.at ?? Date.now());
  // Real time, so that one sign-in per user lasts the whole build (tokens expire after an hour).
  wallNow = (): number => Date.now();

  /** Business time fixed at `instant`; undefined returns to the real clock. */
  set(instant: Date | undefined): void {
    this.at = instant?.getTime();
  }
}

export interface DemoBookOptions {
  /** Number of customers (about 150 for the full book). */
  customers: number;
  seed: number;
  /** The first admin (created by the server on its first start), who approves and disburses. */
  admin: { email: string; password: string };
  /** The app's MPESA_CALLBACK_SECRET: the day's paybill payments arrive through the callbacks. */
  mpesaSecret: string;
}

export const DEMO_OFFICER_PASSWORD = 'Officer123!';
/**
 * MPESA_CALLBACK_SECRET of the demo server when none is set (scripts/demo.mjs): a made-up book's
 * paybill, so that `npm run mpesa:simulate` works against it out of the box.
 */
export const DEMO_MPESA_SECRET = 'demo-paybill-callback-secret-not-for-production';

export const DEMO_OFFICERS = [
  { firstName: 'Grace', lastName: 'Wanjiru', email: 'grace.wanjiru@lender.local' },
  { firstName: 'Brian', lastName: 'Otieno', email: 'brian.otieno@lender.local' },
  { firstName: 'Faith', lastName: 'Chebet', email: 'faith.chebet@lender.local' },
] as const;

export interface DemoBookSummary {
  customers: number;
  applications: number;
  loans: number;
  repayments: number;
  requests: number;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny 32-bit PRNG, good enough for made-up data and the same on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** Whole number from min to max inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
    const entries = Object.entries(weights) as [T, number][];
    let roll = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return entries[entries.length - 1]![0];
  }
  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i += 1) text += String(this.int(0, 9));
    return text;
  }
}

// ---------------------------------------------------------------------------------------------
// Made-up people, places and phones
// ---------------------------------------------------------------------------------------------

/** Words of a list written as one string: a long data list stays a few lines. */
const list = (text: string): readonly string[] => text.split(text.includes(', ') ? ', ' : ' ');

const FEMALE_NAMES = list(
  'Wanjiku Akinyi Njeri Atieno Chebet Wambui Nyambura Achieng Jepkosgei Mwende Kawira Nafula Auma Wairimu Zawadi Mercy Faith Esther Grace Lucy Mary Joyce Beatrice Purity Caroline Halima Amina Naliaka',
);
const MALE_NAMES = list(
  'Kamau Otieno Kiprop Mutua Odhiambo Njoroge Wekesa Kiptoo Mwangi Ochieng Barasa Kibet Musyoka Omondi Juma Hassan Peter John David Samuel Brian Kevin Dennis Collins Evans Joseph Daniel Wafula',
);
const SURNAMES = list(
  'Kamau Wanjiru Otieno Ochieng Mwangi Kariuki Njoroge Kiprotich Chebet Mutua Musyoka Wafula Wekesa Barasa Omondi Odhiambo Kiptoo Rotich Kilonzo Mutiso Nyaga Gitau Maina Githinji Onyango Owino Langat Koech Mohamed Abdi Said Nyongesa Simiyu Kirui Ndungu Macharia',
);
/** County and a few of its towns or estates, weighted towards where phone lenders work. */
const PLACES: readonly (readonly [county: string, places: readonly string[], weight: number])[] = [
  [
    'Nairobi',
    ['Kawangware', 'Kayole', 'Githurai 45', 'Umoja II', 'Kibera', 'Eastleigh', 'Kasarani', 'Embakasi'],
    30,
  ],
  ['Kiambu', ['Thika', 'Ruiru', 'Juja', 'Kikuyu', 'Limuru'], 12],
  ['Mombasa', ['Likoni', 'Changamwe', 'Kisauni', 'Bamburi'], 9],
  ['Nakuru', ['Nakuru Town', 'Naivasha', 'Molo', 'Gilgil'], 9],
  ['Kisumu', ['Nyalenda', 'Kondele', 'Manyatta', 'Ahero'], 8],
  ['Machakos', ['Machakos Town', 'Athi River', 'Kangundo'], 6],
  ['Uasin Gishu', ['Eldoret', 'Burnt Forest', 'Turbo'], 6],
  ['Kakamega', ['Kakamega Town', 'Mumias', 'Malava'], 5],
  ['Meru', ['Meru Town', 'Maua', 'Nkubu'], 5],
  ['Kajiado', ['Kitengela', 'Ongata Rongai', 'Ngong'], 5],
  ['Nyeri', ['Nyeri Town', 'Karatina', 'Othaya'], 4],
  ['Kilifi', ['Kilifi Town', 'Malindi', 'Mtwapa'], 4],
  ['Bungoma', ['Bungoma Town', 'Webuye', 'Kimilili'], 3],
  ['Kericho', ['Kericho Town', 'Litein'], 3],
  ['Murang\u2019a', ['Murang\u2019a Town', 'Kangema', 'Kenol'], 3],
  ['Embu', ['Embu Town', 'Runyenjes'], 2],
  ['Kisii', ['Kisii Town', 'Ogembo'], 3],
];
const STREETS = ['Plot', 'House', 'Stall', 'Block', 'Room'] as const;
const OCCUPATIONS = list(
  'Boda boda rider, Mama mboga, Shopkeeper, Tailor, Mechanic, Hairdresser, Teacher, Farmer, Matatu driver, Casual labourer, M-Pesa agent, Fish trader, Carpenter, Security guard, Nurse, Salon owner, Cereal trader, Welder, Hotel cook, Clerk',
);
const KIN_RELATIONSHIPS = list('Mother Father Brother Sister Spouse Cousin Uncle Aunt');
const GUARANTOR_RELATIONSHIPS = list(
  'Employer, Friend, Chama treasurer, Landlord, Business partner, Brother',
);
const COLLATERALS = [
  ['Television', 'Samsung 32 inch'],
  ['Sofa set', '5 seater'],
  ['Fridge', 'Ramtons, single door'],
  ['Gas cooker', '2 burners'],
  ['Motorbike', 'Bajaj Boxer'],
  ['Sewing machine', 'Singer, manual'],
  ['Water tank', '1000 litres'],
  ['Radio', 'Sony'],
  ['Bicycle', 'Black Mamba'],
  ['Bed', '5 by 6, with mattress'],
] as const;
/** Phones and their cash price in whole shillings (2025 Nairobi shop prices, roughly). */
const PHONES = [
  ['itel A70', 9_999],
  ['Nokia C32', 12_499],
  ['Samsung Galaxy A05', 13_500],
  ['Redmi 13C', 14_200],
  ['Infinix Hot 40i', 14_999],
  ['Tecno Spark 20', 15_500],
  ['Oppo A18', 16_999],
  ['Samsung Galaxy A15', 22_999],
  ['Infinix Note 40', 27_500],
  ['Redmi Note 13', 26_999],
  ['Tecno Camon 30', 29_999],
  ['Samsung Galaxy A25', 33_999],
  ['Samsung Galaxy A35', 44_999],
  ['iPhone 12 (refurbished)', 52_000],
] as const;
const PURPOSES = [
  'Phone for the M-Pesa shop',
  'Boda boda bookings and M-Pesa',
  'Taking orders from customers',
  'Replace a broken phone',
  'Online classes for the children',
  'Keeping in touch with suppliers',
  'Selling on WhatsApp and Facebook',
  'Work phone for deliveries',
] as const;
const REJECTIONS = [
  'Income too low for the instalments',
  'Could not reach the next of kin to confirm',
  'Listed with CRB for an unpaid loan elsewhere',
  'National ID photo unreadable; asked to apply again',
  'Deposit M-Pesa code did not match the customer',
] as const;
const PROMISE_OUTCOMES = ['kept', 'broken', 'pending'] as const;
/** An officer's collection notes on a loan in arrears, by type (shared/src/contract/notes.ts). */
const CALLS = [
  'Phone switched off; called the next of kin, who will pass the message.',
  'Called the customer: business is slow this month, asked for a few days.',
  'Customer says the M-Pesa float is tied up; will call back tomorrow.',
  'Called twice, no answer; sent an SMS reminder of the arrears.',
  'Guarantor contacted and reminded of the agreement.',
] as const;
const VISITS = [
  "Visited the stall: customer was there and showed the week's sales book.",
  'Visited the home; spoke with the spouse, customer was travelling upcountry.',
  'Customer was in hospital; visited the family, agreed to resume payments next week.',
  'Visited the shop with the area manager; reminded the customer the phone can be locked.',
] as const;
const PROMISES = [
  'Customer promised to pay on the date after selling stock.',
  'Will pay half of the instalment by the date, the rest next week.',
  'Promised to send the money once the chama pays out.',
  'Agreed to pay by the date from the boda boda earnings.',
] as const;
const OTHERS = [
  'Customer asked about moving to a cheaper phone; told to clear the arrears first.',
  'Customer disputes a late fee; explained the policy.',
] as const;

/** The four products: terms as a phone lender in Kenya might offer them. */
export const DEMO_PRODUCTS = [
  {
    name: 'Simu Lite',
    description: 'Entry phones, repaid weekly over a month',
    minAmount: 3_000,
    maxAmount: 15_000,
    interestRate: 12,
    durationDays: 30,
  },
  {
    name: 'Simu Plus',
    description: 'Mid-range phones over two months',
    minAmount: 8_000,
    maxAmount: 30_000,
    interestRate: 18,
    durationDays: 60,
  },
  {
    name: 'Simu Pro',
    description: 'Better phones over three months',
    minAmount: 15_000,
    maxAmount: 45_000,
    interestRate: 25,
    durationDays: 90,
  },
  {
    name: 'Biashara Smart',
    description: 'Business phones over four months',
    minAmount: 25_000,
    maxAmount: 60_000,
    interestRate: 30,
    durationDays: 120,
  },
] as const;
type Product = (typeof DEMO_PRODUCTS)[number];

/** Days after disbursement on which installment k (1-based) falls due (docs/product.md#loans-and-the-schedule). */
function dueOffset(product: Product, k: number): number {
  const count = installmentCount(product);
  return k < count ? 7 * k : product.durationDays;
}
const installmentCount = (product: Product) => Math.max(1, Math.floor(product.durationDays / 7));

// ---------------------------------------------------------------------------------------------
// Small real images (PNG), so customer pages show photos
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

type Rgb = readonly [number, number, number];

/** An RGB PNG drawn pixel by pixel. */
function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SKIN: readonly Rgb[] = [
  [92, 58, 40],
  [120, 78, 52],
  [141, 94, 62],
  [76, 48, 34],
];
const SHIRTS: readonly Rgb[] = [
  [200, 40, 40],
  [30, 90, 170],
  [40, 140, 80],
  [230, 170, 30],
  [120, 60, 150],
  [40, 40, 40],
];

/** A passport-style portrait: head and shoulders on a plain background. */
function portrait(skin: Rgb, shirt: Rgb): Buffer {
  const w = 60;
  const h = 72;
  return png(w, h, (x, y) => {
    const head = (x - w / 2) ** 2 / 13 ** 2 + (y - 28) ** 2 / 16 ** 2 <= 1;
    const shoulders = y > 50 && (x - w / 2) ** 2 / 26 ** 2 + (y - 76) ** 2 / 24 ** 2 <= 1;
    if (head) return skin;
    if (shoulders) return shirt;
    return [232, 236, 242];
  });
}

/** A national ID card: green band, photo box, lines of text. */
function idCard(skin: Rgb): Buffer {
  return png(108, 68, (x, y) => {
    if (y < 12) return [0, 112, 60];
    if (x >= 6 && x < 34 && y >= 18 && y < 58)
      return (x - 20) ** 2 + (y - 32) ** 2 < 80 ? skin : [210, 214, 220];
    if (x >= 40 && x < 100 && (y - 20) % 9 < 3 && y < 60) return [60, 60, 70];
    return [236, 232, 214];
  });
}

// ---------------------------------------------------------------------------------------------
// The plan: who, what and when, drawn from the seed before anything runs
// ---------------------------------------------------------------------------------------------

type Kind =
  | 'active'
  | 'due_today'
  | 'due_tomorrow'
  | 'partially_paid'
  | 'pending_repayment'
  | 'overdue_waiting'
  | 'overdue_locked'
  | 'unlocked'
  | 'defaulted_waiting'
  | 'defaulted_locked'
  | 'paid'
  | 'repossessed'
  | 'pending_approval'
  | 'pending_disbursement'
  | 'rejected'
  | 'repeat'
  | 'no_loan';

/** A loan in arrears: how many days late (a range to draw from), whether locked, then repossessed. */
interface ArrearsStory {
  late: [number, number];
  lock: boolean;
  repossess: boolean;
}

const ARREARS_STORIES: Record<
  'overdue_waiting' | 'overdue_locked' | 'defaulted_waiting' | 'defaulted_locked' | 'repossessed',
  ArrearsStory
> = {
  overdue_waiting: { late: [1, 20], lock: false, repossess: false },
  overdue_locked: { late: [4, 24], lock: true, repossess: false },
  defaulted_waiting: { late: [40, 80], lock: false, repossess: false },
  defaulted_locked: { late: [40, 80], lock: true, repossess: false },
  repossessed: { late: [30, 70], lock: true, repossess: true },
};

/** Every kind once, in this order, before the weighted draw: a small book still shows them all. */
const COVERAGE: readonly Kind[] = [
  'partially_paid',
  'overdue_locked',
  'defaulted_locked',
  'paid',
  'repossessed',
  'active',
  'pending_approval',
  'pending_disbursement',
  'rejected',
  'overdue_waiting',
  'defaulted_waiting',
  'unlocked',
  'due_today',
  'due_tomorrow',
  'pending_repayment',
  'repeat',
  'no_loan',
];
const WEIGHTS: Readonly<Record<Kind, number>> = {
  active: 10,
  due_today: 3,
  due_tomorrow: 3,
  partially_paid: 20,
  pending_repayment: 6,
  overdue_waiting: 7,
  overdue_locked: 5,
  unlocked: 3,
  defaulted_waiting: 3,
  defaulted_locked: 5,
  paid: 14,
  repossessed: 4,
  pending_approval: 6,
  pending_disbursement: 4,
  rejected: 5,
  repeat: 8,
  no_loan: 5,
};

export interface DemoCustomer {
  first_name: string;
  last_name: string;
  phone: string;
  email?: string;
  national_id: string;
  county: string;
  occupation: string;
  residence_details: string;
  address: string;
  monthly_income: string;
  referees: { name: string; id_number: string; phone_number: string; relationship: string }[];
  collaterals: { item_name: string; item_count: number; additional_details: string }[];
  guarantors: {
    name: string;
    relationship: string;
    phone_number: string;
    collaterals: { item_name: string; item_count: number; additional_details: string }[];
  }[];
  skin: Rgb;
  shirt: Rgb;
  /** Index into DEMO_OFFICERS: whose book the customer is in. */
  officer: number;
}

/** A request at a day (relative to today, ≤ 0) and minute of the day in Nairobi. */
interface Step {
  day: number;
  minute: number;
  /** Planning order: keeps a loan's steps in order when two fall on the same instant. */
  order: number;
  run: () => Promise<void>;
}

/** Successive instants of one customer's story: each later than the last. */
class Timeline {
  private day = -Infinity;
  private minute = 0;
  constructor(private readonly random: Random) {}
  at(day: number, earliest = 8 * 60, latest = 17 * 60): { day: number; minute: number } {
    const sameDay = day <= this.day;
    this.day = Math.max(day, this.day);
    this.minute = sameDay
      ? Math.min(this.minute + this.random.int(10, 90), 23 * 60 + 30)
      : this.random.int(earliest, latest);
    return { day: this.day, minute: this.minute };
  }
}

const phoneNumber = (random: Random) => `07${random.pick(['0', '1', '2', '4', '9'])}${random.digits(7)}`;

function planCustomer(random: Random, used: Set<string>, officerCount: number): DemoCustomer {
  const unique = (make: () => string) => {
    for (;;) {
      const value = make();
      if (!used.has(value)) {
        used.add(value);
        return value;
      }
    }
  };
  const female = random.chance(0.5);
  const firstName = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const lastName = random.pick(SURNAMES);
  const place = random.weighted(Object.fromEntries(PLACES.map(([county, , weight]) => [county, weight])));
  const towns = PLACES.find(([county]) => county === place)?.[1] ?? ['Town'];
  const town = random.pick(towns);
  const collateral = () => {
    const [item_name, additional_details] = random.pick(COLLATERALS);
    return { item_name, item_count: random.chance(0.85) ? 1 : random.int(2, 3), additional_details };
  };
  const person = () =>
    `${random.pick(random.chance(0.5) ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(SURNAMES)}`;
  return {
    first_name: firstName,
    last_name: lastName,
    phone: unique(() => phoneNumber(random)),
    ...(random.chance(0.4)
      ? { email: `${firstName}.${lastName}${random.int(1, 99)}@gmail.com`.toLowerCase() }
      : {}),
    national_id: unique(() => `${random.int(1, 3)}${random.digits(7)}`),
    county: place,
    occupation: random.pick(OCCUPATIONS),
    residence_details: `${town}, ${random.pick(['near the chief\u2019s camp', 'behind the market', 'off the main road', 'next to the church', 'near the stage'])}`,
    address: `${random.pick(STREETS)} ${random.int(1, 240)}, ${town}`,
    monthly_income: String(random.int(16, 120) * 500),
    referees: Array.from({ length: random.chance(0.6) ? 2 : 1 }, () => ({
      name: `${person()}`,
      id_number: unique(() => `${random.int(1, 3)}${random.digits(7)}`),
      phone_number: phoneNumber(random),
      relationship: random.pick(KIN_RELATIONSHIPS),
    })),
    collaterals: Array.from({ length: random.int(0, 2) }, collateral),
    guarantors: random.chance(0.55)
      ? [
          {
            name: person(),
            relationship: random.pick(GUARANTOR_RELATIONSHIPS),
            phone_number: phoneNumber(random),
            collaterals: Array.from({ length: random.int(0, 1) }, collateral),
          },
        ]
      : [],
    skin: random.pick(SKIN),
    shirt: random.pick(SHIRTS),
    officer: random.int(0, officerCount - 1),
  };
}

/** The registration form, as the browser sends it (bracketed field names, photos as file parts). */
function customerForm(customer: DemoCustomer): FormData {
  const form = new FormData();
  const text: [string, string][] = [
    ['first_name', customer.first_name],
    ['last_name', customer.last_name],
    ['phone', customer.phone],
    ['national_id', customer.national_id],
    ['county', customer.county],
    ['occupation', customer.occupation],
    ['residence_details', customer.residence_details],
    ['address', customer.address],
    ['monthly_income', customer.monthly_income],
  ];
  if (customer.email) text.push(['email', customer.email]);
  customer.referees.forEach((referee, i) => {
    for (const [key, value] of Object.entries(referee)) text.push([`referees[${i}][${key}]`, value]);
  });
  customer.collaterals.forEach((item, i) => {
    for (const [key, value] of Object.entries(item)) text.push([`collaterals[${i}][${key}]`, String(value)]);
  });
  customer.guarantors.forEach((guarantor, i) => {
    text.push([`guarantors[${i}][name]`, guarantor.name]);
    text.push([`guarantors[${i}][relationship]`, guarantor.relationship]);
    text.push([`guarantors[${i}][phone_number]`, guarantor.phone_number]);
    guarantor.collaterals.forEach((item, j) => {
      for (const [key, value] of Object.entries(item))
        text.push([`guarantors[${i}][collaterals][${j}][${key}]`, String(value)]);
    });
  });
  for (const [name, value] of text) form.append(name, value);
  form.append(
    'national_id_photo',
    new Blob([idCard(customer.skin)], { type: 'image/png' }),
    'national-id.png',
  );
  form.append(
    'passport_photo',
    new Blob([portrait(customer.skin, customer.shirt)], { type: 'image/png' }),
    'passport.png',
  );
  return form;
}

/** Exact shillings and cents as the API reads them. */
const ksh = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const toCents = (amount: number) => Math.round(amount * 100);

/** The customers the seed gives (without running anything): the test compares two builds with it. */
export function planDemoCustomers(size: number, seed: number): DemoCustomer[] {
  return plan(size, seed).customers;
}

interface LoanState {
  applicationId?: number;
  loanId?: number;
  /** Cents of each installment, from the loan's schedule after disbursement. */
  installments: number[];
  paidCents: number;
}

interface Runner {
  request(
    who: 'admin' | number,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<Record<string, unknown>>;
  customerIds: Map<number, number>;
  /** Ids of DEMO_PRODUCTS, in order. */
  productIds: number[];
  today: string;
  counts: DemoBookSummary;
}

function plan(size: number, seed: number) {
  const random = new Random(seed);
  const used = new Set<string>();
  const customers: DemoCustomer[] = [];
  const kinds: Kind[] = [];
  for (let i = 0; i < size; i += 1) {
    customers.push(planCustomer(random, used, DEMO_OFFICERS.length));
    kinds.push(COVERAGE[i] ?? random.weighted(WEIGHTS));
  }
  const steps: Step[] = [];
  let order = 0;
  const add = (when: { day: number; minute: number }, run: () => Promise<void>) =>
    steps.push({ ...when, order: (order += 1), run });

  const mpesaCode = () => {
    for (;;) {
      // Real codes start with a letter that moves with the year, then letters and digits.
      const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
      let code = random.pick(['S', 'T']);
      for (let i = 0; i < 9; i += 1) code += random.pick([...alphabet]);
      if (!used.has(code) && /\d/.test(code)) {
        used.add(code);
        return code;
      }
    }
  };
  /**
   * Two phones with a story at the device-lock simulator (docs/integrations.md): one Knox Guard
   * does not know (its lock is refused: a failing command for admins), one whose lock the customer
   * gets around (reported working while locked: a device alert).
   */
  const deviceStory = (ci: number, drawn: string) => {
    const prefix =
      ci === COVERAGE.indexOf('defaulted_locked')
        ? UNREGISTERED_PREFIX
        : ci === COVERAGE.indexOf('overdue_locked')
          ? TAMPERED_PREFIX
          : undefined;
    if (!prefix) return drawn;
    const body = `${prefix}${drawn.slice(prefix.length, 14)}`;
    return body + ([...'0123456789'].find((d) => passesLuhn(body + d)) ?? '0');
  };
  const imei = () => {
    for (;;) {
      const body = `35${random.digits(12)}`;
      const check = [...'0123456789'].find((d) => passesLuhn(body + d)) ?? '0';
      if (!used.has(body + check)) {
        used.add(body + check);
        return body + check;
      }
    }
  };

  /**
   * One loan's story. `disburseDay` is relative to today; `then` adds what happens after
   * disbursement. Returns the day of the application (the customer registers before it).
   */
  const loanStory = (
    customerIndex: number,
    timeline: Timeline,
    outcome: 'pending' | 'rejected' | 'approved' | 'disbursed',
    disburseDay: number,
    then: (loan: LoanState, product: Product, track: Timeline, runner: Runner) => void,
    preferred?: Product,
  ) => {
    const customer = customers[customerIndex]!;
    // The deposit is 15–25 % of the cash price; the rest is financed by a product whose bounds fit.
    const depositPercent = random.int(15, 25);
    const financed = ([, price]: (typeof PHONES)[number]) =>
      price - Math.round((price * depositPercent) / 100 / 100) * 100;
    const fitsProduct = (p: Product, amount: number) => amount >= p.minAmount && amount <= p.maxAmount;
    const phone = random.pick(
      preferred ? PHONES.filter((phone) => fitsProduct(preferred, financed(phone))) : PHONES,
    );
    const [model] = phone;
    const amount = financed(phone);
    const product = preferred ?? random.pick(DEMO_PRODUCTS.filter((p) => fitsProduct(p, amount)));
    const loan: LoanState = { installments: [], paidCents: 0 };
    const applicationDay = disburseDay - random.int(0, 2);
    const approveDay = random.int(applicationDay, disburseDay);
    const purpose = random.pick(PURPOSES);
    const phoneImei = deviceStory(customerIndex, imei());
    const depositCode = mpesaCode();
    const disbursementCode = mpesaCode();
    const reason = random.pick(REJECTIONS);
    return {
      applicationDay,
      schedule: (runner: Runner) => {
        add(timeline.at(applicationDay, 9 * 60, 14 * 60), async () => {
          const response = await runner.request(customer.officer, 'POST', apiRoutes.applications.create, {
            amount,
            purpose,
            mpesaCode: depositCode,
            productId: runner.productIds[DEMO_PRODUCTS.indexOf(product)],
            customerId: runner.customerIds.get(customerIndex),
            installmentType: 'weekly',
            imei: phoneImei,
            model,
          });
          loan.applicationId = response.id as number;
          runner.counts.applications += 1;
        });
        if (outcome === 'pending') return;
        if (outcome === 'rejected') {
          add(timeline.at(approveDay), async () => {
            await runner.request('admin', 'PUT', apiRoutes.applications.reject(loan.applicationId!), {
              reason,
            });
          });
          return;
        }
        add(timeline.at(approveDay), async () => {
          const response = await runner.request(
            'admin',
            'PUT',
            apiRoutes.applications.approve(loan.applicationId!),
            {
              disbursedAmount: amount,
            },
          );
          loan.loanId = response.loan_id as number;
          runner.counts.loans += 1;
        });
        if (outcome === 'approved') return;
        add(timeline.at(disburseDay), async () => {
          await runner.request('admin', 'PUT', apiRoutes.loans.disburse(loan.loanId!), {
            mpesaCode: disbursementCode,
          });
          const detail = await runner.request('admin', 'GET', apiRoutes.loans.byId(loan.loanId!));
          loan.installments = (detail.schedule as { amount: number }[]).map((row) => toCents(row.amount));
        });
        then(loan, product, timeline, runner);
      },
    };
  };

  /** Half of the loan's first installment not yet covered, in whole shillings (as 'part' pays). */
  const halfNextInstallment = (loan: LoanState) => {
    let covered = 0;
    const next = loan.installments.find((c) => (covered += c) > loan.paidCents) ?? 0;
    return Math.floor(next / 200) * 100;
  };

  /**
   * A repayment recorded by the officer on `day` and approved by an admin on `approveDay`
   * (undefined: left pending). `upTo`: pay until installment k is covered; 'all': the balance;
   * 'part': half of the next installment; a function: the cents it gives when the payment is made.
   */
  const repayment = (
    customerIndex: number,
    loan: LoanState,
    track: Timeline,
    day: number,
    upTo: number | 'all' | 'part' | (() => number),
    approveDay: number | undefined,
    runner: Runner,
  ) => {
    const officer = customers[customerIndex]!.officer;
    const code = mpesaCode();
    const ref: { id?: number } = {};
    add(track.at(day, 7 * 60, 19 * 60), async () => {
      let cents: number;
      if (typeof upTo === 'function') {
        cents = upTo();
      } else if (upTo === 'part') {
        // The customer is trying, arrears remain.
        cents = halfNextInstallment(loan);
      } else if (upTo === 'all') {
        const detail = await runner.request(officer, 'GET', apiRoutes.loans.byId(loan.loanId!));
        cents = toCents(detail.remaining_balance as number);
      } else {
        const owed = loan.installments.slice(0, upTo).reduce((sum, c) => sum + c, 0);
        cents = owed - loan.paidCents;
      }
      if (cents <= 0) return;
      const response = await runner.request(officer, 'POST', apiRoutes.loans.payment, {
        loanId: loan.loanId,
        amount: ksh(cents),
        mpesaCode: code,
        method: 'mpesa',
      });
      loan.paidCents += cents;
      ref.id = response.id as number;
      runner.counts.repayments += 1;
    });
    if (approveDay === undefined) return;
    add(track.at(Math.max(day, approveDay)), async () => {
      if (ref.id !== undefined)
        await runner.request('admin', 'PUT', apiRoutes.repayments.approve(ref.id), { status: 'paid' });
    });
  };

  /** Pays installments from..to on time (a day or two early, or on the due date), each approved promptly. */
  const payOnTime = (
    ci: number,
    loan: LoanState,
    product: Product,
    track: Timeline,
    disburseDay: number,
    from: number,
    to: number,
    runner: Runner,
  ) => {
    for (let k = from; k <= to; k += 1) {
      const day = Math.min(
        0,
        Math.max(disburseDay + 1, disburseDay + dueOffset(product, k) - random.pick([0, 0, 1, 2, 3])),
      );
      const approve = Math.min(0, day + random.pick([0, 0, 0, 1]));
      repayment(ci, loan, track, day, k, approve, runner);
    }
  };

  /**
   * The officer's collection notes on a loan whose installment fell due `late` days ago (`missed`,
   * days from today): a call a day or three after, a visit when it drags on, and (unless the phone
   * is to be repossessed) a promise to pay: kept (paid by its date), broken (its date passed
   * unpaid) or pending (its date still ahead). On a track of their own, so that the loan's other
   * events keep their days. `paysToday`: the customer pays half an installment today (arrears),
   * which keeps a pending promise; no other payment is added then, so the arrears remain.
   */
  const promisesShown = new Set<(typeof PROMISE_OUTCOMES)[number]>();
  const collectionNotes = (
    ci: number,
    loan: LoanState,
    {
      missed,
      late,
      promise,
      paysToday,
    }: { missed: number; late: number; promise: boolean; paysToday: boolean },
    runner: Runner,
  ) => {
    const track = new Timeline(random);
    const officer = customers[ci]!.officer;
    const write = (
      day: number,
      type: 'call' | 'visit' | 'promise' | 'other',
      text: string,
      promiseDay?: number,
    ) => {
      const promised: { cents?: number } = {};
      add(track.at(day), async () => {
        promised.cents = type === 'promise' ? halfNextInstallment(loan) : undefined;
        await runner.request(officer, 'POST', apiRoutes.loans.notes(loan.loanId!), {
          note: text,
          note_date: addDays(runner.today, day),
          type,
          ...(promiseDay === undefined || promised.cents === undefined
            ? {}
            : { promise_date: addDays(runner.today, promiseDay), promise_amount: ksh(promised.cents) }),
        });
      });
      return promised;
    };
    const callDay = Math.min(0, missed + random.int(1, Math.min(3, Math.max(1, late - 1))));
    write(callDay, 'call', random.pick(CALLS));
    let day = callDay;
    if (late >= 10) {
      day = random.int(callDay, Math.min(-1, missed + late - 3));
      write(day, 'visit', random.pick(VISITS));
    }
    if (random.chance(0.15)) write(day, 'other', random.pick(OTHERS));
    if (!promise) return;
    // A broken promise's date has passed: the note is at least two days old.
    const weights = { kept: paysToday ? 0 : 3, broken: day <= -2 ? 4 : 0, pending: 3 };
    // The first loans that can have each outcome have it, so that even a small book shows all three.
    const uncovered = PROMISE_OUTCOMES.find((outcome) => weights[outcome] > 0 && !promisesShown.has(outcome));
    const outcome = uncovered ?? random.weighted(weights);
    promisesShown.add(outcome);
    if (outcome === 'pending') {
      const noteDay = random.int(Math.max(day, -5), 0);
      write(noteDay, 'promise', random.pick(PROMISES), random.int(0, 7));
    } else if (outcome === 'broken') {
      const noteDay = random.int(day, -2);
      write(noteDay, 'promise', random.pick(PROMISES), random.int(noteDay, -1));
    } else {
      // Kept: paid (and approved) between the note and its date, which may still be ahead.
      const noteDay = random.int(day, 0);
      const promised = write(noteDay, 'promise', random.pick(PROMISES), noteDay + random.int(1, 5));
      const payDay = random.int(noteDay, Math.min(0, noteDay + 3));
      repayment(ci, loan, track, payDay, () => promised.cents ?? 0, payDay, runner);
    }
  };
  const adminAction = (
    track: Timeline,
    day: number,
    action: 'lock' | 'repossess',
    loan: LoanState,
    runner: Runner,
  ) =>
    add(track.at(day), async () => {
      await runner.request('admin', 'PUT', apiRoutes.loans[action](loan.loanId!), {});
    });

  // Each customer's story, scheduled once the runner exists (ids are known only when it runs).
  const stories: ((runner: Runner) => void)[] = [];
  customers.forEach((customer, ci) => {
    const kind = kinds[ci]!;
    const timeline = new Timeline(random);
    const loans: ReturnType<typeof loanStory>[] = [];
    const disbursed = (
      day: number,
      then: (loan: LoanState, product: Product, track: Timeline, runner: Runner) => void,
      preferred: Product,
    ) => loans.push(loanStory(ci, timeline, 'disbursed', day, then, preferred));
    const ontime = (
      kindOfLoan: 'partially_paid' | 'pending_repayment' | 'due_today' | 'due_tomorrow' | 'active',
    ) => {
      // The product first: its schedule decides the disbursement day that puts the next due date
      // `ahead` days from today.
      const product = random.pick(DEMO_PRODUCTS);
      const count = installmentCount(product);
      const paid = kindOfLoan === 'active' ? 0 : random.int(1, Math.max(1, Math.min(8, count - 2)));
      // Days until the next installment falls due; the first 'active' loan is disbursed today, so
      // this month's disbursements always have one.
      const ahead = {
        due_today: () => 0,
        due_tomorrow: () => 1,
        pending_repayment: () => random.int(0, 3),
        active: () => (ci === COVERAGE.indexOf('active') ? 7 : random.int(1, 7)),
        partially_paid: () => random.int(2, 6),
      }[kindOfLoan]();
      const day = -(dueOffset(product, paid + 1) - ahead);
      disbursed(
        day,
        (loan, p, track, runner) => {
          payOnTime(ci, loan, p, track, day, 1, paid, runner);
          if (kindOfLoan === 'pending_repayment')
            repayment(ci, loan, track, random.int(-1, 0), paid + 1, undefined, runner);
        },
        product,
      );
    };
    const arrears = ({ late: [lateMin, lateMax], lock, repossess }: ArrearsStory) => {
      const product = random.pick(DEMO_PRODUCTS);
      const paid = random.int(0, Math.min(3, installmentCount(product) - 2));
      const late = random.int(lateMin, lateMax);
      const missedDue = dueOffset(product, paid + 1);
      const day = -(missedDue + late);
      disbursed(
        day,
        (loan, p, track, runner) => {
          payOnTime(ci, loan, p, track, day, 1, paid, runner);
          const missed = day + missedDue;
          // Some customers in arrears pay part of what is due today (so the month's collections
          // have something even on the 1st).
          const paysToday =
            !lock && late < 30 && (ci === COVERAGE.indexOf('overdue_waiting') || random.chance(0.4));
          if (late >= 3) collectionNotes(ci, loan, { missed, late, promise: !repossess, paysToday }, runner);
          if (paysToday) repayment(ci, loan, track, 0, 'part', 0, runner);
          if (lock) {
            const lockDay = Math.min(-1, missed + random.int(2, 6));
            adminAction(track, lockDay, 'lock', loan, runner);
            if (repossess) {
              const repossessDay = Math.min(-1, lockDay + random.int(14, 30));
              adminAction(track, repossessDay, 'repossess', loan, runner);
              // Some customers pay after the phone is taken, hoping to get it back.
              if (repossessDay < -2 && random.chance(0.5)) {
                const payDay = random.int(repossessDay + 1, -1);
                repayment(ci, loan, track, payDay, paid + 1, payDay, runner);
              }
            }
          }
        },
        product,
      );
    };
    switch (kind) {
      case 'active':
      case 'due_today':
      case 'due_tomorrow':
      case 'partially_paid':
      case 'pending_repayment':
        ontime(kind);
        break;
      case 'overdue_waiting':
      case 'overdue_locked':
      case 'defaulted_waiting':
      case 'defaulted_locked':
      case 'repossessed':
        arrears(ARREARS_STORIES[kind]);
        break;
      case 'unlocked': {
        // Missed one installment, was locked, paid the arrears (unlocked), and pays on time since.
        const product = random.pick(DEMO_PRODUCTS.slice(1));
        const missedK = random.int(1, 2);
        const afterK = missedK + random.int(1, 2);
        const day = -(dueOffset(product, afterK + 1) - random.int(2, 6));
        disbursed(
          day,
          (loan, p, track, runner) => {
            payOnTime(ci, loan, p, track, day, 1, missedK - 1, runner);
            const missed = day + dueOffset(p, missedK);
            adminAction(track, missed + 3, 'lock', loan, runner);
            repayment(ci, loan, track, missed + 5, missedK, missed + 5, runner);
            payOnTime(ci, loan, p, track, day, missedK + 1, afterK, runner);
          },
          product,
        );
        break;
      }
      case 'paid':
      case 'repeat': {
        const product = kind === 'repeat' ? DEMO_PRODUCTS[0] : random.pick(DEMO_PRODUCTS);
        const day = -(
          product.durationDays + random.int(kind === 'repeat' ? 60 : 2, kind === 'repeat' ? 90 : 60)
        );
        const early = random.chance(0.3);
        disbursed(
          day,
          (loan, p, track, runner) => {
            const count = installmentCount(p);
            if (early) {
              // Paid off early in two lumps.
              const half = Math.ceil(count / 2);
              const lump = day + dueOffset(p, 1) - random.int(0, 2);
              repayment(ci, loan, track, lump, half, lump, runner);
              const last = Math.min(-1, day + dueOffset(p, half) + random.int(3, 10));
              repayment(ci, loan, track, last, 'all', last, runner);
            } else {
              payOnTime(ci, loan, p, track, day, 1, count - 1, runner);
              const last = Math.min(-1, day + dueOffset(p, count) - random.int(0, 2));
              repayment(ci, loan, track, last, 'all', Math.min(-1, last + random.int(0, 1)), runner);
            }
          },
          product,
        );
        if (kind === 'repeat')
          ontime(random.pick(['partially_paid', 'active', 'pending_repayment'] as const));
        break;
      }
      case 'pending_approval':
        loans.push(loanStory(ci, timeline, 'pending', random.int(-3, 0), () => undefined));
        break;
      case 'pending_disbursement':
        loans.push(loanStory(ci, timeline, 'approved', random.int(-2, 0), () => undefined));
        break;
      case 'rejected':
        loans.push(loanStory(ci, timeline, 'rejected', random.int(-90, -2), () => undefined));
        break;
      case 'no_loan':
        break;
    }
    const firstDay = Math.min(0, ...loans.map((loan) => loan.applicationDay));
    const registrationDay = loans.length > 0 ? firstDay - random.int(0, 14) : random.int(-90, 0);
    stories.push((runner) => {
      add(timeline.at(registrationDay, 8 * 60 + 30, 12 * 60), async () => {
        const response = await runner.request(
          customer.officer,
          'POST',
          apiRoutes.customers.create,
          customerForm(customer),
        );
        runner.customerIds.set(ci, response.id as number);
        runner.counts.customers += 1;
      });
      for (const loan of loans) loan.schedule(runner);
    });
  });
  const earliest = 15; // days before the first event: officers and products exist by then
  return { customers, stories, steps, random, earliest };
}

/**
 * Builds the demo book on an app whose database is new, driving business time with `clock` (which
 * the app must have been built with). Returns what was made; leaves the clock on real time.
 */
export async function buildDemoBook(
  app: App,
  clock: DemoClock,
  options: DemoBookOptions,
): Promise<DemoBookSummary> {
  const planned = plan(options.customers, options.seed);
  const counts: DemoBookSummary = { customers: 0, applications: 0, loans: 0, repayments: 0, requests: 0 };
  clock.set(undefined);
  const today = businessDate(clock.now(), BUSINESS_TIME_ZONE);
  const realNow = Date.now();
  /** The instant of a day (relative to today) and minute in Nairobi (UTC+3 all year), never in the future. */
  const instant = (day: number, minute: number) =>
    new Date(Math.min(realNow - 1000, Date.parse(`${addDays(today, day)}T00:00:00+03:00`) + minute * 60_000));

  const tokens = new Map<'admin' | number, string>();
  const runner: Runner = {
    customerIds: new Map(),
    productIds: [],
    today,
    counts,
    async request(who, method, url, payload) {
      const token = tokens.get(who);
      const response = await app.inject({
        method,
        url: `${API_BASE}${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      counts.requests += 1;
      if (response.statusCode >= 300) {
        throw new Error(`Demo book: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
      }
      return response.json<Record<string, unknown>>();
    },
  };

  planned.stories.forEach((story) => story(runner));
  const steps = planned.steps.sort((a, b) => a.day - b.day || a.minute - b.minute || a.order - b.order);
  const firstDay = Math.min(0, steps[0]?.day ?? 0) - planned.earliest;

  // The admin (made by the server on its first start) and the officers, before the history starts.
  clock.set(instant(firstDay, 8 * 60));
  await app.ready();
  const ctx = serviceContext(app);
  for (const officer of DEMO_OFFICERS) {
    await createSystemUser(
      ctx,
      { ...officer, password: DEMO_OFFICER_PASSWORD, role: 'officer' },
      'demo data',
    );
  }
  const signIn = async (who: 'admin' | number, email: string, password: string) => {
    const { access_token } = await runner.request(who, 'POST', apiRoutes.users.login, { email, password });
    tokens.set(who, access_token as string);
  };
  await signIn('admin', options.admin.email, options.admin.password);
  for (const [i, officer] of DEMO_OFFICERS.entries()) await signIn(i, officer.email, DEMO_OFFICER_PASSWORD);

  clock.set(instant(firstDay, 9 * 60));
  for (const product of DEMO_PRODUCTS) {
    const { product: created } = await runner.request('admin', 'POST', apiRoutes.products.create, product);
    runner.productIds.push((created as { id: number }).id);
  }

  // Targets for last month and this one, set on the first of each month.
  const scale = Math.max(1, options.customers) / 150;
  const round = (shillings: number) =>
    String(Math.max(10_000, Math.round((shillings * scale) / 10_000) * 10_000));
  const officerIds = (await runner.request('admin', 'GET', apiRoutes.users.list)).data as {
    id: number;
    role: string;
  }[];
  const targetSteps: Step[] = [-1, 0].map((monthsBack, i) => {
    const [year, month] = today.split('-').map(Number) as [number, number];
    const date = new Date(Date.UTC(year, month - 1 + monthsBack, 1));
    const first = date.toISOString().slice(0, 10);
    const day = Math.round((Date.parse(first) - Date.parse(today)) / 86_400_000);
    return {
      day: Math.max(day, firstDay),
      minute: 7 * 60 + 30,
      order: -2 + i,
      run: async () => {
        const query = `?month=${date.getUTCMonth() + 1}&year=${date.getUTCFullYear()}`;
        await runner.request('admin', 'PUT', `${apiRoutes.targets}${query}`, {
          targets: [
            { officerId: null, disbursementTarget: round(1_500_000), collectionTarget: round(600_000) },
            ...officerIds
              // eslint-disable-next-line no-restricted-syntax -- picks the officers (who carry targets) from the users
              .filter((user) => user.role === 'officer')
              .map((user) => ({
                officerId: user.id,
                disbursementTarget: round(500_000),
                collectionTarget: round(200_000),
              })),
          ],
        });
      },
    };
  });
  const all = [...steps, ...targetSteps].sort(
    (a, b) => a.day - b.day || a.minute - b.minute || a.order - b.order,
  );
  try {
    let day: number | undefined;
    for (const step of all) {
      if (step.day !== day) {
        // The pass the server runs after each midnight: phones of loans in arrears go waiting
        // (which a lock needs), statuses and default dates move with the date.
        day = step.day;
        clock.set(instant(day, 1));
        await app.runAgeing();
      }
      clock.set(instant(step.day, step.minute));
      await step.run();
    }
    clock.set(undefined);
    counts.repayments += await paybillPayments(app, runner, options.mpesaSecret);
  } finally {
    clock.set(undefined);
  }
  await app.runAgeing();
  return counts;
}

/**
 * This morning's paybill payments, as M-Pesa's callbacks bring them (issue 13): a few customers
 * pay with the right account number (applied at once), one pays more than the loan owes (the excess waits in suspense), one mistypes the account number and one types none that
 * exists (both wait in suspense for an admin). Returns the repayments it made.
 */
async function paybillPayments(app: App, runner: Runner, secret: string): Promise<number> {
  const page = (await runner.request('admin', 'GET', `${apiRoutes.loans.active}?page=1`)) as {
    data: { account_number: string; arrears: number; remaining_balance: number; status: string }[];
  };
  // Loans paying on time, with more than a payment left: a payment leaves their status as it is,
  // so the book still shows every status.
  const loans = page.data.filter(
    (loan) => loan.status === 'partially_paid' && loan.arrears === 0 && loan.remaining_balance > 1000,
  );
  let transaction = 0;
  const pay = async (account: string, amount: number, name: string) => {
    transaction += 1;
    const [first = '', last = ''] = name.split(' ');
    const response = await app.inject({
      method: 'POST',
      url: `${API_BASE}${apiRoutes.mpesa.confirmation(secret)}`,
      payload: {
        TransactionType: 'Pay Bill',
        TransID: `TDM${String(Date.now() % 1_000_000).padStart(6, '0')}${transaction}`
          .slice(0, 10)
          .padEnd(10, '0'),
        TransTime: formatTransTime(new Date(), BUSINESS_TIME_ZONE),
        TransAmount: amount.toFixed(2),
        BusinessShortCode: '600984',
        BillRefNumber: account,
        MSISDN: '2547 ***** 126',
        FirstName: first,
        LastName: last,
      },
    });
    if (response.statusCode !== 200)
      throw new Error(`Demo book: paybill payment answered ${response.statusCode}: ${response.body}`);
  };
  let made = 0;
  for (const loan of loans.slice(0, 3)) {
    await pay(loan.account_number, 500, 'MARY WANJIRU');
    made += 1;
  }
  // More than the loan owes: it is paid off and the excess waits in suspense.
  const overpaid = loans[3];
  if (overpaid) {
    await pay(overpaid.account_number, overpaid.remaining_balance + 500, 'PETER OTIENO');
    made += 1;
  }
  const typo = loans[loans.length - 1]?.account_number;
  if (typo) await pay(`${typo.slice(0, 5)}${typo.slice(6)}`, 1500, 'JANE AKINYI');
  await pay('0712345678', 2000, 'SAMUEL KIPROTICH');
  return made;
}
