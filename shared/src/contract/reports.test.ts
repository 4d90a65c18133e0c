import {
  loanReportQuerySchema,
  loanReportResponseSchema,
  monthlyActiveLoansResponseSchema,
  monthlyApprovedRepaymentsResponseSchema,
  monthlyQuerySchema,
} from './reports';
import { buildLoanRow, buildPage, buildRepayment } from '../../testing/loan-builders';

const sampleLoanRow = buildLoanRow();

const sampleRepayment = buildRepayment();

const issuesOf = (value: unknown) =>
  loanReportQuerySchema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('loanReportQuerySchema', () => {
  it('defaults the period to all and the page to 1, and treats blank dates as not given', () => {
    expect(loanReportQuerySchema.parse({})).toEqual({ period: 'all', page: 1 });
    expect(loanReportQuerySchema.parse({ period: 'this_month', start_date: '', end_date: '' })).toEqual({
      period: 'this_month',
      start_date: undefined,
      end_date: undefined,
      page: 1,
    });
  });

  it('takes the page from the query string: a whole number from 1', () => {
    expect(loanReportQuerySchema.parse({ period: 'today', page: '3' }).page).toBe(3);
    for (const page of ['0', '-2', '1.5', 'next']) {
      expect(loanReportQuerySchema.safeParse({ page }).success).toBe(false);
    }
  });

  it('accepts a custom period with both dates, inclusive of a single day', () => {
    expect(
      loanReportQuerySchema.parse({ period: 'period', start_date: '2024-05-01', end_date: '2024-05-31' }),
    ).toEqual({ period: 'period', start_date: '2024-05-01', end_date: '2024-05-31', page: 1 });
    expect(
      loanReportQuerySchema.safeParse({ period: 'period', start_date: '2024-05-01', end_date: '2024-05-01' })
        .success,
    ).toBe(true);
  });

  it('needs both dates for a custom period', () => {
    expect(issuesOf({ period: 'period', start_date: '2024-05-01' })).toEqual([
      ['end_date', 'End date is required for a custom period'],
    ]);
    expect(issuesOf({ period: 'period' })).toEqual([
      ['start_date', 'Start date is required for a custom period'],
      ['end_date', 'End date is required for a custom period'],
    ]);
  });

  it('refuses a start after the end', () => {
    expect(issuesOf({ period: 'period', start_date: '2024-06-01', end_date: '2024-05-31' })).toEqual([
      ['start_date', 'Start date must be on or before the end date'],
    ]);
  });

  it('refuses an unknown period and a malformed date', () => {
    expect(issuesOf({ period: 'decade' })?.[0]?.[1]).toMatch(/^Period must be one of all, today, /);
    expect(issuesOf({ period: 'period', start_date: '2024-02-30', end_date: '2024-03-01' })).toEqual([
      ['start_date', 'Start date must be a valid date written YYYY-MM-DD'],
    ]);
  });
});

describe('monthly pages', () => {
  it('parses the query from query strings', () => {
    expect(monthlyQuerySchema.parse({ officerId: '4', month: '5', year: '2024', page: '2' })).toEqual({
      officerId: 4,
      month: 5,
      year: 2024,
      page: 2,
    });
    expect(monthlyQuerySchema.parse({ month: '12', year: '2024', officerId: '' }).officerId).toBeUndefined();
  });

  it('leaves month and year optional (the server takes the current month in LENDER_TZ); page 1 by default', () => {
    expect(monthlyQuerySchema.parse({})).toEqual({ page: 1 });
    expect(monthlyQuerySchema.parse({ month: '3' })).toEqual({ month: 3, page: 1 });
    expect(monthlyQuerySchema.parse({ year: '2025', officerId: '2' })).toEqual({
      year: 2025,
      officerId: 2,
      page: 1,
    });
  });

  it('refuses a month outside 1-12 and a year outside 2000-2100', () => {
    const messages = (value: unknown) =>
      monthlyQuerySchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ month: '13' })).toEqual(['Month must be at most 12']);
    expect(messages({ month: '0', year: '1999' })).toEqual([
      'Month must be at least 1',
      'Year must be at least 2000',
    ]);
    expect(messages({ month: 'May' })).toEqual(['Month must be a number']);
  });

  it('parses both responses: a page of rows, its meta, the summary of the month', () => {
    const base = { total_amount_sum: 50000, target_amount: 100000, deficit: 50000, percentage: 50 };
    const meta = { page: 2, pageSize: 10, total: 11, totalPages: 2 };
    expect(
      monthlyActiveLoansResponseSchema.parse({
        loans: [sampleLoanRow],
        meta,
        summary: { ...base, loan_count: 11 },
      }),
    ).toBeTruthy();
    expect(
      monthlyApprovedRepaymentsResponseSchema.parse({
        repayments: [sampleRepayment],
        meta,
        summary: { ...base, repayment_count: 11 },
      }),
    ).toBeTruthy();
    expect(
      monthlyActiveLoansResponseSchema.safeParse({
        loans: [],
        meta,
        summary: { ...base, repayment_count: 1 },
      }).success,
    ).toBe(false);
    expect(
      monthlyActiveLoansResponseSchema.safeParse({ loans: [], summary: { ...base, loan_count: 0 } }).success,
    ).toBe(false);
  });
});

describe('loanReportResponseSchema', () => {
  it('parses a report', () => {
    const report = {
      period: 'this_month',
      start_date: '2024-05-01',
      end_date: '2024-05-31',
      loans: [sampleLoanRow],
      meta: buildPage([sampleLoanRow]).meta,
      summary: {
        total_paid: 1000,
        total_disbursed: 10000,
        active_loans: 1,
        cleared_loans: 0,
        overdue_loans: 0,
        partially_paid_loans: 0,
        defaulted_loans: 0,
        repossessed_loans: 0,
        repossessed_collections: 0,
        par1: 0,
        par30: 0,
        collection_rate: 100,
      },
    };
    expect(loanReportResponseSchema.parse(report)).toEqual(report);
  });
});
