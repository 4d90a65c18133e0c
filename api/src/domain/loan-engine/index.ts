/** The loan engine (docs/product.md#loans-and-the-schedule to #repayment-rules): pure functions over a loan's terms, repayments and a date. */
export { addDays, daysBetween, isBusinessDate, DEFAULT_LENDER_TZ, type BusinessDate } from './calendar-date';
export { computeLoanTotals, type LoanTerms, type LoanTotals } from '@lender/shared/domain/loan-terms';
export { buildSchedule, type LoanSchedule, type ScheduleInput, type ScheduledInstallment } from './schedule';
export {
  evaluateLoan,
  arrearsFrom,
  loanStatusOf,
  DEFAULT_THRESHOLD_DAYS,
  NO_PENALTY,
  type ApprovedRepayment,
  type InstallmentPosition,
  type LoanEvaluation,
  type LoanEvaluationInput,
  type LoanStatusFacts,
  type PenaltyRule,
} from './evaluate';
export {
  deviceStatusFor,
  nextDeviceStatus,
  readDeviceStatus,
  type DeviceEvent,
  type DeviceEventContext,
  type DeviceRefusalCode,
  type DeviceTransition,
  type LegacyDeviceStatus,
  type StoredDeviceStatus,
} from './device-status';
export { validateRepaymentAmount, type RepaymentAmountCheck, type RepaymentRefusalCode } from './repayment';
export { toLoanFigures, type LoanFigures } from './contract-figures';
export {
  nextAgeingDate,
  statusAsOf,
  DATED_STATUSES,
  type AgeingRule,
  type StoredStatusFacts,
} from './ageing';
