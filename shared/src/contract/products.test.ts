import { createProductRequestSchema, productListResponseSchema } from './products';
import { issuesOf } from '../../testing/schema-issues';

const valid = {
  name: 'Smartphone Weekly',
  description: 'Phones up to Ksh 30,000',
  minAmount: 5000,
  maxAmount: 30000,
  interestRate: 20,
  durationDays: 90,
};

const productIssues = (value: unknown) => issuesOf(createProductRequestSchema, value);

describe('createProductRequestSchema', () => {
  it('parses a valid product', () => {
    expect(createProductRequestSchema.parse(valid)).toEqual(valid);
  });

  it('accepts numeric strings, defaults duration to 30 days and description to empty', () => {
    expect(
      createProductRequestSchema.parse({
        name: ' Basic ',
        minAmount: '1000',
        maxAmount: '1000',
        interestRate: '0',
      }),
    ).toEqual({
      name: 'Basic',
      description: '',
      minAmount: 1000,
      maxAmount: 1000,
      interestRate: 0,
      durationDays: 30,
    });
  });

  it('refuses a maximum below the minimum, naming both', () => {
    expect(productIssues({ ...valid, minAmount: 30000, maxAmount: 5000 })).toEqual([
      ['maxAmount', 'Maximum amount must be greater than or equal to the minimum amount'],
    ]);
  });

  it('refuses a minimum of 0 (the form default)', () => {
    expect(productIssues({ ...valid, minAmount: 0 })).toEqual([
      ['minAmount', 'Minimum amount must be greater than 0'],
    ]);
  });

  it('bounds the interest rate and the duration', () => {
    expect(productIssues({ ...valid, interestRate: 101 })).toEqual([
      ['interestRate', 'Interest rate must be between 0 and 100'],
    ]);
    expect(productIssues({ ...valid, interestRate: -1 })).toEqual([
      ['interestRate', 'Interest rate must be between 0 and 100'],
    ]);
    expect(productIssues({ ...valid, durationDays: 6 })).toEqual([
      ['durationDays', 'Duration (days) must be at least 7'],
    ]);
    expect(productIssues({ ...valid, durationDays: 731 })).toEqual([
      ['durationDays', 'Duration (days) must be at most 730'],
    ]);
    expect(productIssues({ ...valid, durationDays: 30.5 })).toEqual([
      ['durationDays', 'Duration (days) must be a whole number'],
    ]);
  });

  it('requires a name', () => {
    expect(productIssues({ ...valid, name: '' })).toEqual([['name', 'Product name is required']]);
  });
});

describe('productListResponseSchema', () => {
  it('parses the list', () => {
    const product = {
      id: 1,
      name: 'Smartphone Weekly',
      description: '',
      min_amount: 5000,
      max_amount: 30000,
      interest_rate: 20,
      duration_days: 90,
    };
    expect(productListResponseSchema.parse([product])).toEqual([product]);
  });
});
