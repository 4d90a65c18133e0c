import fp from 'fastify-plugin';
import { businessDate, type Clock } from '../domain/clock';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    /** Today's date (YYYY-MM-DD) in the lender's time zone, by the business clock. */
    today(): string;
  }
}

export interface ClockPluginOptions {
  clock: Clock;
  timeZone: string;
}

/** The injectable clock: the system clock, LENDER_NOW's fixed business time, or a test clock. */
export default fp<ClockPluginOptions>(
  async (app, { clock, timeZone }) => {
    app.decorate('clock', clock);
    app.decorate('today', () => businessDate(clock.now(), timeZone));
  },
  { name: 'clock' },
);
