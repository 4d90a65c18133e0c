import {
  deviceActionResponseSchema,
  disburseLoanRequestSchema,
  loanDetailSchema,
  loanHistoryResponseSchema,
  loanListQuerySchema,
  loanRowSchema,
  loansPageSchema,
} from './loans';
import { LOAN_SORTS } from './loan-lists';
import { loanExportQuerySchema } from './exports';
import { buildLoanRow, buildPage } from '../../testing/loan-builders';

const row = buildLoanRow({ status: 'active', paid_through_date: null });

describe('disburseLoanRequestSchema', () => {
  it('parses and normalises the M-Pesa code', () => {
    expect(disburseLoanRequestSchema.parse({ mpesaCode: ' qgh7xk2lmn ' })).toEqual({
      mpesaCode: 'QGH7XK2LMN',
    });
  });

  it('requires a valid code', () => {
    expect(disburseLoanRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('M-Pesa code is required');
    expect(disburseLoanRequestSchema.safeParse({ mpesaCode: 'short' }).error?.issues[0]?.message).toBe(
      'M-Pesa code must be 10 letters and digits, like QGH7XK2LMN',
    );
  });
});

describe('loan responses', () => {
  it('parses a row, and a row awaiting disbursement with nulls', () => {
    expect(loanRowSchema.parse(row)).toEqual(row);
    expect(
      loanRowSchema.parse({
        ...row,
        status: 'pending_disbursement',
        device_status: null,
        due_date: null,
        days_remaining: null,
        disbursement_date: null,
      }).device_status,
    ).toBeNull();
  });

  it('refuses unknown statuses and the legacy device spelling (the server normalises it)', () => {
    expect(loanRowSchema.safeParse({ ...row, status: 'closed' }).success).toBe(false);
    expect(loanRowSchema.safeParse({ ...row, device_status: 'repossesed' }).success).toBe(false);
    expect(loanRowSchema.safeParse({ ...row, due_date: '2024-05-08T00:00:00Z' }).success).toBe(false);
  });

  it('parses a page and a detail with its schedule', () => {
    expect(loansPageSchema.parse(buildPage([row]))).toBeTruthy();
    const detail = loanDetailSchema.parse({
      ...row,
      applied_amount: 10000,
      installment_amount: 3000,
      installments_sum: 12000,
      expected_completion_date: '2024-05-31',
      completed_date: null,
      penalty: 0,
      mpesa_code: 'QGH7XK2LMN',
      model: 'Samsung A15',
      imei_number: '490154203237518',
      interest_rate: 20,
      duration_days: 30,
      pending_amount: 0,
      schedule: [
        {
          number: 1,
          due_date: '2024-05-08',
          amount: 3000,
          paid: 0,
          remaining: 3000,
          late_fee: 0,
          state: 'due',
        },
        {
          number: 2,
          due_date: '2024-05-15',
          amount: 3000,
          paid: 0,
          remaining: 3000,
          late_fee: 0,
          state: 'due',
        },
        {
          number: 3,
          due_date: '2024-05-22',
          amount: 3000,
          paid: 0,
          remaining: 3000,
          late_fee: 0,
          state: 'due',
        },
        {
          number: 4,
          due_date: '2024-05-31',
          amount: 3000,
          paid: 0,
          remaining: 3000,
          late_fee: 0,
          state: 'due',
        },
      ],
    });
    expect(detail.schedule).toHaveLength(4);
  });

  it('parses the history and the lock/repossess answer', () => {
    expect(
      loanHistoryResponseSchema.parse([
        {
          id: 1,
          action: 'loan.locked',
          actor_name: 'Admin',
          before: { device_status: 'waiting' },
          after: { device_status: 'locked' },
          amount: null,
          at: '2024-05-20T07:00:00.000Z',
        },
        {
          id: 2,
          action: 'loan.aged',
          actor_name: null,
          before: null,
          after: { status: 'overdue' },
          amount: null,
          at: '2024-05-21T00:00:00.000Z',
        },
      ]),
    ).toHaveLength(2);
    expect(
      deviceActionResponseSchema.parse({
        message: 'Phone locked successfully',
        device_status: 'locked',
        device_lock_state: 'lock_requested',
      }),
    ).toEqual({
      message: 'Phone locked successfully',
      device_status: 'locked',
      device_lock_state: 'lock_requested',
    });
  });
});

describe('loanListQuerySchema', () => {
  it('parses the scoping query of the lists', () => {
    expect(loanListQuerySchema.parse({ role: 'admin', officerId: '5', page: '2' })).toEqual({
      role: 'admin',
      officerId: 5,
      page: 2,
    });
  });

  it('filters by the latest promise: none, pending, kept or broken', () => {
    expect(loanListQuerySchema.parse({ promise: 'kept' }).promise).toBe('kept');
    expect(loanListQuerySchema.safeParse({ promise: 'late' }).error?.issues[0]?.path).toEqual(['promise']);
  });

  it('parses a sort and the filters as the URL gives them', () => {
    expect(
      loanListQuerySchema.parse({
        sort: 'remaining_balance',
        order: 'desc',
        status: 'overdue',
        device: 'locked',
        productId: '3',
        from: '2025-03-01',
        to: '2025-03-31',
      }),
    ).toEqual({
      page: 1,
      sort: 'remaining_balance',
      order: 'desc',
      status: 'overdue',
      device: 'locked',
      productId: 3,
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(loanListQuerySchema.parse({ from: '2025-03-01', to: '2025-03-01' })).toMatchObject({
      from: '2025-03-01',
      to: '2025-03-01',
    });
  });

  const issuesOf = (query: Record<string, string>) => {
    const result = loanListQuerySchema.safeParse(query);
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ field: issue.path.join('.'), msg: issue.message }));
  };

  it('refuses an unknown sort, naming the sortable columns', () => {
    expect(issuesOf({ sort: 'password' })).toEqual([
      { field: 'sort', msg: `sort must be one of ${LOAN_SORTS.join(', ')}` },
    ]);
    expect(issuesOf({ sort: 'due_date', order: 'up' })).toEqual([
      { field: 'order', msg: 'order must be asc or desc' },
    ]);
  });

  it('refuses an unknown status or device, a bad product and a date that is not YYYY-MM-DD', () => {
    expect(issuesOf({ status: 'happy' })[0]?.field).toBe('status');
    expect(issuesOf({ device: 'lost' })[0]?.field).toBe('device');
    expect(issuesOf({ productId: 'x' })[0]?.field).toBe('productId');
    expect(issuesOf({ to: '31/03/2025' })).toEqual([{ field: 'to', msg: 'to must be a date (YYYY-MM-DD)' }]);
  });

  it('refuses a range that ends before it starts, naming from', () => {
    expect(issuesOf({ from: '2025-03-02', to: '2025-03-01' })).toEqual([
      { field: 'from', msg: 'from must not be after to' },
    ]);
  });
});

describe('loanExportQuerySchema', () => {
  it('takes the list’s sort and filters, as on screen', () => {
    expect(
      loanExportQuerySchema.parse({
        list: 'active',
        sort: 'customer_name',
        status: 'active',
        officerId: '4',
      }),
    ).toEqual({ list: 'active', sort: 'customer_name', status: 'active', officerId: 4 });
    const backwards = loanExportQuerySchema.safeParse({ list: 'paid', from: '2025-03-02', to: '2025-03-01' });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(['from']);
  });
});
