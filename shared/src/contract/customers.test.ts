import {
  customerDetailsSchema,
  customerListQuerySchema,
  customersPageSchema,
  parseBracketFields,
  registerCustomerFieldsSchema,
  splitBracketKey,
} from './customers';
import { buildCustomer } from '../../testing/customer-builders';
import { buildPage } from '../../testing/loan-builders';
import { FULL_REGISTRATION_FIELDS } from '../../testing/registration-fields';

/** A full registration as typed: a spaced phone, and the optional email and residence left blank. */
const multipart: Record<string, string> = {
  ...FULL_REGISTRATION_FIELDS,
  phone: '0712 345 678',
  email: '',
  residence_details: '',
};

describe('splitBracketKey', () => {
  it('splits bracket keys into segments', () => {
    expect(splitBracketKey('first_name')).toEqual(['first_name']);
    expect(splitBracketKey('referees[0][name]')).toEqual(['referees', '0', 'name']);
    expect(splitBracketKey('guarantors[1][collaterals][0][item_name]')).toEqual([
      'guarantors',
      '1',
      'collaterals',
      '0',
      'item_name',
    ]);
  });

  it('refuses malformed keys and prototype keys', () => {
    expect(splitBracketKey('referees[0')).toBeNull();
    expect(splitBracketKey('referees[]')).toBeNull();
    expect(splitBracketKey('[0]')).toBeNull();
    expect(splitBracketKey('__proto__[polluted]')).toBeNull();
    expect(splitBracketKey('a[constructor][prototype]')).toBeNull();
  });
});

describe('parseBracketFields', () => {
  it('builds nested objects and arrays', () => {
    expect(
      parseBracketFields({
        first_name: 'Wanjiku',
        'referees[0][name]': 'Peter',
        'referees[0][phone_number]': '0712345678',
        'referees[1][name]': 'Mary',
        'guarantors[1][collaterals][0][item_name]': 'Radio',
        'guarantors[1][name]': 'John',
      }),
    ).toEqual({
      first_name: 'Wanjiku',
      referees: [{ name: 'Peter', phone_number: '0712345678' }, { name: 'Mary' }],
      guarantors: [{ collaterals: [{ item_name: 'Radio' }], name: 'John' }],
    });
  });

  it('orders array items by index and leaves no holes', () => {
    const parsed = parseBracketFields({
      'referees[10][name]': 'C',
      'referees[2][name]': 'B',
      'referees[0][name]': 'A',
    });
    expect(parsed.referees).toEqual([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
  });

  it('drops malformed, conflicting and prototype-polluting keys and does not change its input', () => {
    const input = {
      'a[0': 'malformed',
      b: 'scalar',
      'b[0][x]': 'conflicts with the scalar',
      'c[0][x]': 'group',
      'c[0]': 'conflicts with the group',
      '__proto__[polluted]': 'yes',
    };
    const copy = { ...input };
    expect(parseBracketFields(input)).toEqual({ b: 'scalar', c: [{ x: 'group' }] });
    expect(input).toEqual(copy);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps numeric top-level keys as an object', () => {
    expect(parseBracketFields({ '0': 'x' })).toEqual({ '0': 'x' });
  });

  it('makes no huge array from a huge index', () => {
    expect(parseBracketFields({ 'referees[999999][name]': 'A' })).toEqual({ referees: [{ name: 'A' }] });
  });
});

describe('registerCustomerFieldsSchema', () => {
  it('parses the multipart fields of a full registration and normalises them', () => {
    const parsed = registerCustomerFieldsSchema.parse(parseBracketFields(multipart));
    expect(parsed.phone).toBe('+254712345678');
    expect(parsed.email).toBeUndefined();
    expect(parsed.residence_details).toBeUndefined();
    expect(parsed.monthly_income).toBe(25000.5);
    expect(parsed.referees).toEqual([
      { name: 'Peter Kamau', id_number: '23456789', phone_number: '+254722000111', relationship: 'Brother' },
      { name: 'Mary Atieno', id_number: '34567890', phone_number: '+254110000222', relationship: 'Friend' },
    ]);
    expect(parsed.collaterals).toEqual([
      { item_name: 'Television', item_count: 1, additional_details: 'Samsung 32"' },
      { item_name: 'Sofa set', item_count: 2, additional_details: undefined },
    ]);
    expect(parsed.guarantors?.[0]?.phone_number).toBe('+254733444555');
    expect(parsed.guarantors?.[0]?.collaterals).toEqual([
      { item_name: 'Motorbike', item_count: 1, additional_details: 'KMDA 123B' },
      { item_name: 'Fridge', item_count: 1, additional_details: undefined },
    ]);
  });

  it('parses the minimum: no email, income, collaterals or guarantors', () => {
    const minimal = Object.fromEntries(
      Object.entries(multipart).filter(
        ([key]) => !/^(collaterals|guarantors|referees\[1\])/.test(key) && key !== 'monthly_income',
      ),
    );
    const parsed = registerCustomerFieldsSchema.parse(parseBracketFields(minimal));
    expect(parsed.referees).toHaveLength(1);
    expect(parsed.monthly_income).toBeUndefined();
    expect(parsed.collaterals).toBeUndefined();
    expect(parsed.guarantors).toBeUndefined();
  });

  it('requires at least one next of kin', () => {
    const noReferees = Object.fromEntries(
      Object.entries(multipart).filter(([key]) => !key.startsWith('referees')),
    );
    const result = registerCustomerFieldsSchema.safeParse(parseBracketFields(noReferees));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['referees'], message: 'At least one next of kin is required' }),
    ]);
    const empty = registerCustomerFieldsSchema.safeParse({ ...parseBracketFields(noReferees), referees: [] });
    expect(empty.error?.issues[0]?.message).toBe('At least one next of kin is required');
  });

  it('names each wrong field with its path', () => {
    const result = registerCustomerFieldsSchema.safeParse(
      parseBracketFields({
        ...multipart,
        email: 'not-an-email',
        national_id: '123',
        'referees[0][relationship]': '',
        'collaterals[0][item_count]': '0',
        monthly_income: '-1',
      }),
    );
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['email', 'Email must be a valid e-mail address'],
        ['national_id', 'National ID number must be 6 to 10 digits'],
        ['monthly_income', 'Monthly income cannot be negative'],
        ['referees.0.relationship', 'Next of kin relationship is required'],
        ['collaterals.0.item_count', 'Collateral item count must be at least 1'],
      ]),
    );
    expect(issues).toHaveLength(5);
  });

  it('requires the personal fields', () => {
    const result = registerCustomerFieldsSchema.safeParse({ referees: [] });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Last name is required',
        'Phone number is required',
        'National ID number is required',
        'County is required',
        'Occupation is required',
        'Address is required',
      ]),
    );
  });
});

describe('customer responses and queries', () => {
  const customer = buildCustomer({ national_id_photo: '/api/files/abc?sig=1' });

  it('parses a page of customers and the details', () => {
    expect(customersPageSchema.parse(buildPage([customer]))).toBeTruthy();
    const details = customerDetailsSchema.parse({
      customer,
      collaterals: [{ id: 1, item_name: 'TV', item_count: 1, additional_details: null }],
      referees: [
        {
          id: 1,
          name: 'Peter',
          id_number: '23456789',
          relationship: 'Brother',
          phone_number: '+254722000111',
        },
      ],
      guarantors: [
        { id: 1, name: 'John', relationship: 'Employer', phone_number: '+254733444555', collaterals: [] },
      ],
    });
    expect(details.guarantors[0]?.collaterals).toEqual([]);
  });

  it('parses the list query from query strings', () => {
    expect(customerListQuerySchema.parse({ role: 'officer', userId: '2', page: '3' })).toEqual({
      role: 'officer',
      userId: 2,
      page: 3,
    });
    expect(customerListQuerySchema.parse({}).page).toBe(1);
  });
});
