/**
 * GET /api/loans/loan-reports: one page of the loans disbursed in a report period, and the
 * period's figures, read from the summary tables the triggers keep (migrations 0013-0018) in one
 * statement (repository.ts selectReportFigures): a few thousand rows at 1M loans, whatever the period.
 */
import type { LoanReportQuery, LoanReportResponse } from '@lender/shared/contract/reports';
import { periodRange } from '../../domain/report-periods';
import { toCents, toMoneyNumber } from '@lender/shared/domain/cents';
import type { LoanScope, LoansContext } from '../loans/context';
import { pageMeta, pageRequest } from '../pagination';
import { loanRowsPage } from './pages';
import { collectionRate, portfolioAtRisk } from './ratios';
import { loansDisbursedIn, selectReportFigures, useReportTimeZone } from './repository';

/** The summaries by business day are kept in LENDER_TZ's days: counted again if it changed (at start-up). */
export const useLenderTimeZone = (ctx: LoansContext) => useReportTimeZone(ctx.db, ctx.timeZone);

const rangeOf = (ctx: LoansContext, query: Pick<LoanReportQuery, 'period' | 'start_date' | 'end_date'>) =>
  periodRange(query.period, ctx.today(), { start: query.start_date, end: query.end_date });

/** The loans of the loan report (and its export): disbursed in the period, in scope. */
export const reportLoansCondition = (
  ctx: LoansContext,
  scope: LoanScope,
  query: Pick<LoanReportQuery, 'period' | 'start_date' | 'end_date'>,
) => loansDisbursedIn(rangeOf(ctx, query), ctx.timeZone, scope.officerId);

export async function loanReport(
  ctx: LoansContext,
  scope: LoanScope,
  query: LoanReportQuery,
): Promise<LoanReportResponse> {
  const range = rangeOf(ctx, query);
  const request = pageRequest(query.page);
  const [rows, figures] = await Promise.all([
    loanRowsPage(ctx, reportLoansCondition(ctx, scope, query), request, query),
    selectReportFigures(ctx.db, {
      today: ctx.today(),
      defaultThresholdDays: ctx.policy.defaultThresholdDays,
      range,
      officerId: scope.officerId,
    }),
  ]);
  const openBalance = toCents(figures?.openBalance ?? '0');
  const totalPaid = toCents(figures?.totalPaid ?? '0');
  return {
    period: query.period,
    start_date: range?.start ?? null,
    end_date: range?.end ?? null,
    loans: rows,
    meta: pageMeta(request, Number(figures?.count ?? 0)),
    summary: {
      total_paid: toMoneyNumber(totalPaid),
      total_disbursed: toMoneyNumber(toCents(figures?.disbursed ?? '0')),
      active_loans: Number(figures?.active ?? 0),
      cleared_loans: Number(figures?.paid ?? 0),
      overdue_loans: Number(figures?.overdue ?? 0),
      partially_paid_loans: Number(figures?.partiallyPaid ?? 0),
      defaulted_loans: Number(figures?.defaulted ?? 0),
      repossessed_loans: Number(figures?.repossessed ?? 0),
      repossessed_collections: toMoneyNumber(toCents(figures?.repossessedPaid ?? '0')),
      par1: portfolioAtRisk(toCents(figures?.par1 ?? '0'), openBalance),
      par30: portfolioAtRisk(toCents(figures?.par30 ?? '0'), openBalance),
      collection_rate: collectionRate(totalPaid, toCents(figures?.due ?? '0')),
    },
  };
}
