import {
  dashboardAnalyticsSchema,
  dashboardQuerySchema,
  dashboardTrendsSchema,
} from '@lender/shared/contract/dashboard';
import { apiRoutes } from '@lender/shared/contract/routes';
import { seesWholeBook } from '@lender/shared/domain/book-scope';
import { loanScope, loanServiceRoutes } from '../loans/context';
import { readByQuerySchema } from '../route-errors';
import { dashboardAnalytics, dashboardTrends } from './service';

/** The dashboard's figures and trends, under the loans' paths (the contract's apiRoutes.loans). */
const dashboardRoutes = loanServiceRoutes((app, ctx) => {
  app.get(
    apiRoutes.loans.dashboard,
    {
      schema: readByQuerySchema(
        'loans',
        "Dashboard counts and sums over the caller's scope (an admin may narrow to one officer with officerId)",
        dashboardQuerySchema,
        dashboardAnalyticsSchema,
      ),
    },
    async (request) => dashboardAnalytics(ctx, loanScope(request.user, request.query)),
  );

  app.get(
    apiRoutes.loans.dashboardTrends,
    {
      schema: readByQuerySchema(
        'loans',
        "Disbursed, collected (with the weeks' share of the monthly targets) and PAR30 for the last 12 weeks over the caller's scope (an admin may narrow to one officer with officerId)",
        dashboardQuerySchema,
        dashboardTrendsSchema,
      ),
    },
    async (request) =>
      dashboardTrends(ctx, loanScope(request.user, request.query), seesWholeBook(request.user.role)),
  );
});

export default dashboardRoutes;
