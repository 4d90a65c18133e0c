/**
 * Every fast-check property of the API tests draws from one seed, so that `npm test` is the same
 * run on every machine. test/run-tests.mjs chooses it (TEST_SEED: a number, or `random` for the
 * exploration commands `npm run fuzz` and `npm run fuzz:properties`), prints it, and loads this
 * file before each test file (`--import`). A failure found by a random run is replayed with
 * `TEST_SEED=<the printed seed> npm --prefix api test -- <file>` and then kept as a fixed case.
 */
import fc from 'fast-check';

const seed = Number(process.env.TEST_SEED);
if (Number.isSafeInteger(seed)) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
// fast-check's default of 100 runs, for the properties that name no count of their own.
if (process.env.PROPERTY_RUNS_FACTOR)
  fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: propertyRuns(100) });

/**
 * The runs of a property: `runs` in `npm test`, times PROPERTY_RUNS_FACTOR in an exploration run
 * (`npm run fuzz:properties` sets 20).
 */
export function propertyRuns(runs: number): number {
  const factor = Number(process.env.PROPERTY_RUNS_FACTOR ?? 1);
  return Math.max(1, Math.round(runs * (Number.isFinite(factor) && factor > 0 ? factor : 1)));
}
