import { dashboardAnalyticsSchema, dashboardQuerySchema } from './dashboard';

describe('dashboard', () => {
  it('parses the optional scoping query', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({});
    expect(dashboardQuerySchema.parse({ officerId: '4' })).toEqual({ officerId: 4 });
  });

  it('parses the analytics and refuses fractional counts', () => {
    const analytics = {
      active_loans: 12,
      due_today: 3,
      defaulted_loans: 1,
      cleared_loans: 40,
      repossessed: 2,
      amount_collected: 123456.5,
      amount_financed: 987654,
    };
    expect(dashboardAnalyticsSchema.parse(analytics)).toEqual(analytics);
    expect(dashboardAnalyticsSchema.safeParse({ ...analytics, due_today: 1.5 }).success).toBe(false);
  });
});
