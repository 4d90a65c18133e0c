import {
  applicationListQuerySchema,
  approveApplicationRequestSchema,
  createApplicationRequestSchema,
  pendingApplicationsPageSchema,
  rejectApplicationRequestSchema,
  rejectedApplicationsPageSchema,
} from './applications';
import { buildPage, buildPendingApplicationRow } from '../../testing/loan-builders';
import { issuesOf } from '../../testing/schema-issues';

const valid = {
  amount: 15000,
  purpose: 'Business phone',
  mpesaCode: 'qgh7xk2lmn',
  productId: '2',
  customerId: 9,
  installmentType: 'weekly',
  officerId: '3',
  imei: '490154203237518',
  model: 'Samsung A15',
};

const applicationIssues = (value: unknown) => issuesOf(createApplicationRequestSchema, value);

describe('createApplicationRequestSchema', () => {
  it('parses the application the specification client sends', () => {
    expect(createApplicationRequestSchema.parse(valid)).toEqual({
      ...valid,
      mpesaCode: 'QGH7XK2LMN',
      productId: 2,
      officerId: 3,
    });
  });

  it('defaults the installment type to weekly, accepts any case and needs no officerId', () => {
    const { installmentType: _ignored, officerId: _officer, ...rest } = valid;
    expect(createApplicationRequestSchema.parse(rest).installmentType).toBe('weekly');
    expect(
      createApplicationRequestSchema.parse({ ...valid, installmentType: 'Weekly' }).installmentType,
    ).toBe('weekly');
  });

  it('refuses another installment type, a bad IMEI and a zero amount, naming each field', () => {
    expect(
      applicationIssues({ ...valid, installmentType: 'monthly', imei: '490154203237519', amount: 0 }),
    ).toEqual([
      ['amount', 'Amount must be greater than 0'],
      ['installmentType', 'Installment type must be weekly'],
      ['imei', 'IMEI must be 15 digits with a valid check digit'],
    ]);
  });

  it('requires the product and the customer', () => {
    const { productId: _p, customerId: _c, ...rest } = valid;
    expect(applicationIssues(rest)).toEqual([
      ['productId', 'Product is required'],
      ['customerId', 'Customer is required'],
    ]);
  });
});

describe('approve and reject', () => {
  it('approve needs a disbursed amount above 0', () => {
    expect(approveApplicationRequestSchema.parse({ disbursedAmount: 12000 })).toEqual({
      disbursedAmount: 12000,
    });
    expect(approveApplicationRequestSchema.safeParse({ disbursedAmount: 0 }).error?.issues[0]?.message).toBe(
      'Disbursed amount must be greater than 0',
    );
    expect(approveApplicationRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Disbursed amount is required',
    );
  });

  it('reject takes an optional reason', () => {
    expect(rejectApplicationRequestSchema.parse({ reason: ' Income too low ' })).toEqual({
      reason: 'Income too low',
    });
    expect(rejectApplicationRequestSchema.parse({}).reason).toBeUndefined();
    expect(rejectApplicationRequestSchema.parse({ reason: '' }).reason).toBeUndefined();
    expect(rejectApplicationRequestSchema.safeParse({ reason: 5 }).error?.issues[0]?.message).toBe(
      'Reason must be text',
    );
  });
});

describe('application lists', () => {
  const pending = buildPendingApplicationRow({ monthly_income: null });

  it('parses the pending page and the rejected page', () => {
    expect(pendingApplicationsPageSchema.parse(buildPage([pending]))).toBeTruthy();
    const rejected = {
      ...pending,
      occupation: 'Trader',
      address: 'Gikomba',
      rejection_reason: '',
      rejected_at: '2024-05-02T08:00:00.000Z',
    };
    const meta = { page: 1, pageSize: 10, total: 1, totalPages: 1 };
    expect(rejectedApplicationsPageSchema.parse({ data: [rejected], meta })).toEqual({
      data: [rejected],
      meta,
    });
    expect(rejectedApplicationsPageSchema.safeParse({ data: [pending], meta }).success).toBe(false);
    // No longer the specification's plain array.
    expect(rejectedApplicationsPageSchema.safeParse([rejected]).success).toBe(false);
  });
});

describe('applicationListQuerySchema', () => {
  it('parses a sort, the product and the dates', () => {
    expect(
      applicationListQuerySchema.parse({ sort: 'amount', order: 'desc', productId: '2', from: '2025-03-01' }),
    ).toEqual({ page: 1, sort: 'amount', order: 'desc', productId: 2, from: '2025-03-01' });
  });

  it('refuses an unknown sort naming the field, and a range ending before it starts naming from', () => {
    expect(issuesOf(applicationListQuerySchema, { sort: 'imei' })).toEqual([
      ['sort', 'sort must be one of customer_name, amount, created_at, rejected_at'],
    ]);
    expect(issuesOf(applicationListQuerySchema, { from: '2025-03-02', to: '2025-03-01' })).toEqual([
      ['from', 'from must not be after to'],
    ]);
  });
});
