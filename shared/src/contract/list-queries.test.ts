import { customerListQuerySchema } from './customers';
import { customerExportQuerySchema, repaymentExportQuerySchema } from './exports';
import { repaymentListQuerySchema } from './repayments';
import { suspenseListQuerySchema } from './suspense';
import { userListQuerySchema } from './users';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the lists’ sort and filter queries', () => {
  it('take a sortable column, a direction and a range of days', () => {
    expect(
      customerListQuerySchema.parse({ sort: 'name', order: 'desc', from: '2025-03-01', to: '2025-03-31' }),
    ).toMatchObject({ page: 1, sort: 'name', order: 'desc', from: '2025-03-01', to: '2025-03-31' });
    expect(repaymentListQuerySchema.parse({ sort: 'amount', officerId: '7' })).toMatchObject({
      sort: 'amount',
      officerId: 7,
    });
    expect(suspenseListQuerySchema.parse({ sort: 'trans_id' })).toMatchObject({ status: 'suspense' });
    expect(userListQuerySchema.parse({ role: 'officer', sort: 'email' })).toMatchObject({ role: 'officer' });
  });

  it('name the sortable columns when another is asked for, and the date format when a day is not one', () => {
    expect(messageOf(customerListQuerySchema.safeParse({ sort: 'phone' }))).toBe(
      'sort must be one of name, registered',
    );
    expect(messageOf(repaymentListQuerySchema.safeParse({ sort: 'customer' }))).toBe(
      'sort must be one of paid_date, amount, mpesa_code, recorded',
    );
    expect(messageOf(repaymentListQuerySchema.safeParse({ order: 'up' }))).toBe('order must be asc or desc');
    expect(messageOf(customerListQuerySchema.safeParse({ from: '1/3/2025' }))).toBe(
      'from must be a date (YYYY-MM-DD)',
    );
    expect(messageOf(userListQuerySchema.safeParse({ role: 'boss' }))).toBe('role must be admin or officer');
  });

  it('refuse a day that is on no calendar or outside 1900–2199, naming the parameter', () => {
    for (const [query, message] of [
      [{ from: '2026-02-30' }, 'from must be a real date from 1900-01-01 to 2199-12-31'],
      [{ to: '0000-01-01' }, 'to must be a real date from 1900-01-01 to 2199-12-31'],
      [{ from: '2026-13-01' }, 'from must be a real date from 1900-01-01 to 2199-12-31'],
    ] as const) {
      expect(customerListQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message)).toEqual([
        message,
      ]);
    }
    expect(customerListQuerySchema.parse({ from: '2024-02-29', to: '2199-12-31' })).toMatchObject({
      from: '2024-02-29',
    });
  });

  it('export what the list shows, without a page; a repayments export names its list', () => {
    expect(customerExportQuerySchema.parse({ page: '3', sort: 'registered' })).not.toHaveProperty('page');
    expect(
      repaymentExportQuerySchema.parse({ list: 'approved', from: '2025-03-01', sort: 'paid_date' }),
    ).toMatchObject({ list: 'approved', from: '2025-03-01', sort: 'paid_date' });
    expect(messageOf(repaymentExportQuerySchema.safeParse({}))).toBe(
      'list must be one of pending, approved, all',
    );
  });
});
