/** What every loan service starts from: its context (database, clock, audit, LENDER_TZ, policy) and the book scope. */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookScope, inBook, type BookScope } from '../../domain/book-scope';
import { businessDate } from '../../domain/clock';
import { NotFoundError } from '../../domain/errors';
import type { Caller } from '../../plugins/auth';
import type { RoutesApp } from '../module-routes';
import { serviceContext, type ServiceContext } from '../service-context';
import type { LoanPolicy } from './engine-input';
import { findLoan, type LoanRecord } from './repository';

/** The settings (config.ts) every service that reads or recomputes loans is given, the same for all. */
export interface LoansSettings extends LoanPolicy {
  /** LENDER_TZ. */
  timeZone: string;
}

/** What the loan services work with: the usual context, business dates in LENDER_TZ and the policy. */
export interface LoansContext extends ServiceContext {
  timeZone: string;
  /** Passed to every evaluation and recomputation. */
  policy: LoanPolicy;
  /** Today's business date. */
  today(): string;
  /** The business date of an instant. */
  dateOf(instant: Date): string;
}

export const loansContext = (
  app: FastifyInstance,
  { timeZone, defaultThresholdDays }: LoansSettings,
): LoansContext => ({
  ...serviceContext(app),
  timeZone,
  policy: { defaultThresholdDays },
  today: () => businessDate(app.clock.now(), timeZone),
  dateOf: (instant) => businessDate(instant, timeZone),
});

/**
 * The routes plugin of a module whose services read loans: registered with LENDER_TZ and the loan
 * policy (app.ts passes the same to every such module), its handlers call services with `ctx`.
 */
export const loanServiceRoutes =
  (
    register: (app: RoutesApp, ctx: LoansContext) => Promise<void> | void,
  ): FastifyPluginAsyncZod<LoansSettings> =>
  async (app, settings) =>
    register(app, loansContext(app, settings));

/** Whose loans a caller may see: the loans of the customers in their book. */
export type LoanScope = BookScope;

/** The one scope rule (domain/book-scope.ts), under the name the loan modules import. */
export const loanScope = bookScope;

export const notFound = (id: number) => new NotFoundError(`Loan ${id} not found`);

/** A loan the caller may see (else 404, so that ids cannot be probed). */
export async function loanInScope(
  ctx: LoansContext,
  caller: Caller,
  id: number,
  ex: Parameters<typeof findLoan>[0] = ctx.db,
  forUpdate = false,
): Promise<LoanRecord> {
  const loan = await findLoan(ex, id, { forUpdate });
  if (!loan || !inBook(caller, loan.officerId)) throw notFound(id);
  return loan;
}
