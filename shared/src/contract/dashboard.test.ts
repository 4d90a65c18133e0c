import {
  dashboardAnalyticsSchema,
  dashboardQuerySchema,
  dashboardTrendsSchema,
  type DashboardTrends,
} from './dashboard';

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

  it('parses the trends: weeks with money, a PAR30 or null where no snapshot exists, and the officers', () => {
    const trends: DashboardTrends = {
      today: '2026-03-20',
      weeks: [
        {
          week_start: '2026-03-09',
          week_end: '2026-03-15',
          disbursed: 25000,
          collected: 2750.5,
          disbursement_target: 7000,
          collection_target: 700,
          par30: null,
          par30_as_of: null,
        },
        {
          week_start: '2026-03-16',
          week_end: '2026-03-22',
          disbursed: 0,
          collected: 0,
          disbursement_target: 0,
          collection_target: 0,
          par30: 12.34,
          par30_as_of: '2026-03-20',
        },
      ],
      officers: [{ id: 2, name: 'Amina Otieno' }],
    };
    expect(dashboardTrendsSchema.parse(trends)).toEqual(trends);
    const [first] = trends.weeks;
    expect(
      dashboardTrendsSchema.safeParse({ ...trends, weeks: [{ ...first, week_start: '16/03/2026' }] }).success,
    ).toBe(false);
    expect(dashboardTrendsSchema.safeParse({ ...trends, officers: [{ id: 1.5, name: 'x' }] }).success).toBe(
      false,
    );
  });
});
