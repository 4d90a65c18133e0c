import {
  approveRepaymentRequestSchema,
  loanPaymentRequestSchema,
  loanRepaymentsResponseSchema,
  rejectRepaymentRequestSchema,
  repaymentListQuerySchema,
  repaymentsPageSchema,
} from './repayments';
import { buildPage, buildRepayment } from '../../testing/loan-builders';

describe('loanPaymentRequestSchema', () => {
  it('parses the repayment modal payload', () => {
    expect(
      loanPaymentRequestSchema.parse({
        loanId: 7,
        amount: '1500.50',
        mpesaCode: 'qgh7xk2lmn ',
        method: 'mpesa',
      }),
    ).toEqual({ loanId: 7, amount: 1500.5, mpesaCode: 'QGH7XK2LMN', method: 'mpesa' });
  });

  it('defaults the method to mpesa and refuses any other', () => {
    expect(loanPaymentRequestSchema.parse({ loanId: 7, amount: 100, mpesaCode: 'QGH7XK2LMN' }).method).toBe(
      'mpesa',
    );
    expect(
      loanPaymentRequestSchema.safeParse({ loanId: 7, amount: 100, mpesaCode: 'QGH7XK2LMN', method: 'cash' })
        .error?.issues[0]?.message,
    ).toBe('Payment method must be mpesa');
  });

  it('names the wrong fields', () => {
    const result = loanPaymentRequestSchema.safeParse({ amount: 10.005, mpesaCode: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Loan is required',
      'Amount can have at most 2 decimal places',
      'M-Pesa code is required',
    ]);
  });
});

describe('approveRepaymentRequestSchema', () => {
  it('parses the body the specification client sends', () => {
    expect(
      approveRepaymentRequestSchema.parse({
        loanId: 7,
        amount: 1500,
        status: 'paid',
        mpesaCode: 'QGH7XK2LMN',
        customerId: 1,
        initiatedBy: '2',
      }),
    ).toEqual({
      loanId: 7,
      amount: 1500,
      status: 'paid',
      mpesaCode: 'QGH7XK2LMN',
      customerId: 1,
      initiatedBy: 2,
    });
  });

  it('needs only status paid', () => {
    expect(approveRepaymentRequestSchema.parse({ status: 'paid', customerId: null })).toEqual({
      status: 'paid',
      customerId: undefined,
    });
    expect(approveRepaymentRequestSchema.safeParse({ status: 'pending' }).error?.issues[0]?.message).toBe(
      'Status must be paid',
    );
    expect(approveRepaymentRequestSchema.safeParse({}).error?.issues[0]?.message).toBe('Status must be paid');
  });
});

describe('repayment lists', () => {
  it('parses the query, with an optional status', () => {
    expect(
      repaymentListQuerySchema.parse({ role: 'officer', officerId: '2', page: '1', status: '' }),
    ).toEqual({
      role: 'officer',
      officerId: 2,
      page: 1,
      status: undefined,
    });
    expect(repaymentListQuerySchema.parse({ status: 'pending' }).status).toBe('pending');
    expect(repaymentListQuerySchema.safeParse({ status: 'late' }).error?.issues[0]?.message).toBe(
      'Status must be pending, paid or rejected',
    );
  });

  it('parses a page of repayments and the rows of one loan', () => {
    const repayment = buildRepayment({ due_date: null, status: 'pending', approved_at: null });
    expect(repaymentsPageSchema.parse(buildPage([repayment]))).toBeTruthy();
    const rows = [
      {
        id: 3,
        payment_date: '2024-05-08',
        amount_paid: 1000,
        method: 'mpesa',
        transaction_code: 'QGH7XK2LMN',
        status: 'paid',
        source: 'staff',
        rejection_reason: null,
      },
    ];
    expect(loanRepaymentsResponseSchema.parse(rows)).toEqual(rows);
  });
});

describe('rejectRepaymentRequestSchema', () => {
  it('takes a trimmed reason of 1 to 500 characters and names it otherwise', () => {
    expect(rejectRepaymentRequestSchema.parse({ reason: '  Not on the statement ' })).toEqual({
      reason: 'Not on the statement',
    });
    const messages = (body: unknown) =>
      rejectRepaymentRequestSchema.safeParse(body).error?.issues.map((issue) => [issue.path, issue.message]);
    expect(messages({})).toEqual([[['reason'], 'Reason is required']]);
    expect(messages({ reason: '   ' })).toEqual([[['reason'], 'Reason is required']]);
    expect(messages({ reason: 'x'.repeat(501) })).toEqual([
      [['reason'], 'Reason must be at most 500 characters'],
    ]);
  });
});
