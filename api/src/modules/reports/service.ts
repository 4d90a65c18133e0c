/**
 * What other modules read of the reports' summaries: the per-day sums (the dashboard's trends).
 * The reports' own services are report.ts, monthly.ts and pages.ts; this one only offers their
 * repository's reads to other modules (modules are sealed: api/src/modules/README.md).
 */
export { sumDisbursedByDay, sumPaidByDay } from './repository';
