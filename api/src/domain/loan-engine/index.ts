/** The loan engine (docs/product.md#loans-and-the-schedule to #repayment-rules): pure functions over a loan's terms, repayments and a date. */
export { addDays, daysBetween } from './calendar-date';
export { computeLoanTotals, type LoanTerms } from '@lender/shared/domain/loan-terms';
export { buildSchedule, type LoanSchedule } from './schedule';
export { evaluateLoan, DEFAULT_THRESHOLD_DAYS, type LoanEvaluation } from './evaluate';
export { deviceStatusFor, nextDeviceStatus, readDeviceStatus } from './device-status';
export { validateRepaymentAmount } from './repayment';
export { toLoanFigures } from './contract-figures';
export { nextAgeingDate, statusAsOf, DATED_STATUSES, defaultedSince } from './ageing';
