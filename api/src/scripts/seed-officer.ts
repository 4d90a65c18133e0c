/** The officer used in manual and browser testing and in benchmarks (seed.ts, seed-scale.ts). */
export const SEED_OFFICER = {
  email: 'officer@lender.local',
  password: 'Officer123!',
  role: 'officer' as const,
  firstName: 'Olive',
  lastName: 'Officer',
};
