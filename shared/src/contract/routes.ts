/**
 * Every API path of the docs/product.md#api-calls (plus the product's additions), relative to the
 * API base `/api`. The server registers these and the frontends call them: one definition.
 */
import { LOAN_LIST_PAGES, LOAN_LISTS } from './loan-lists';
import { SIGN_IN_ROUTES } from './sign-in-routes';
import { CUSTOMER_LISTS } from './customer-lists';
import { SUSPENSE_LISTS } from './suspense-lists';
import { APPLICATION_LIST_PAGES, APPLICATION_LISTS } from './application-lists';
import { REPAYMENT_LIST_PAGES, REPAYMENT_LISTS } from './repayment-lists';

export { API_BASE } from './sign-in-routes';

export const apiRoutes = {
  health: '/health',
  users: {
    login: SIGN_IN_ROUTES.login,
    logout: '/users/logout',
    register: '/users/register',
    list: '/users',
    /** Every officer (id and name), for the lists' officer filter. */
    officers: '/users/officers',
    byId: (id: number | string) => `/users/${id}`,
    /** PATCH: an admin edits a user's name and role. */
    update: (id: number | string) => `/users/${id}`,
    deactivate: (id: number | string) => `/users/${id}/deactivate`,
    reactivate: (id: number | string) => `/users/${id}/reactivate`,
    resetPassword: (id: number | string) => `/users/${id}/reset-password`,
    /** POST: the caller changes their own password. */
    ownPassword: '/users/me/password',
    /** POST: a new one-hour token for the bearer of a valid one (the shell renews while the person works). */
    renewSession: '/users/session/renew',
  },
  signInThrottles: {
    list: '/sign-in-throttles',
    clear: (id: number | string) => `/sign-in-throttles/${id}`,
  },
  customers: {
    list: CUSTOMER_LISTS.customers.api,
    remove: (id: number | string) => `/customers/${id}`,
    /** GET: the customer page in one answer (details, applications, loans, repayments, notes). */
    overview: (id: number | string) => `/customers/${id}/overview`,
    /** PATCH: an admin edits a customer's details (audited). */
    update: (id: number | string) => `/customers/${id}`,
    /** GET ?phone=…: the customers who already have this phone (phoneCheckResponseSchema). */
    phoneCheck: '/customers/phone-check',
    create: '/customerNew',
    details: (id: number | string) => `/customerNew/${id}`,
  },
  loans: {
    dashboard: '/loans/dashboard/analytics',
    /** GET: disbursed, collected and PAR30 by week, with the month's targets (issue 14). */
    dashboardTrends: '/loans/dashboard/trends',
    active: LOAN_LISTS.active.api,
    paid: LOAN_LISTS.paid.api,
    defaulted: LOAN_LISTS.defaulted.api,
    pendingDisbursement: LOAN_LISTS.pendingDisbursement.api,
    dueToday: LOAN_LISTS.dueToday.api,
    dueTomorrow: LOAN_LISTS.dueTomorrow.api,
    due2to7: LOAN_LISTS.due2to7.api,
    byId: (id: number | string) => `/loans/${id}`,
    /** PATCH: an admin edits the phone model, IMEI (before any payment) or purpose. */
    update: (id: number | string) => `/loans/${id}`,
    history: (id: number | string) => `/loans/${id}/history`,
    lock: (id: number | string) => `/loans/lock/${id}`,
    repossess: (id: number | string) => `/loans/repossess/${id}`,
    disburse: (id: number | string) => `/loans/disburse/${id}`,
    /** POST: disburses several loans, each with its own M-Pesa code, each on its own (issue 34). */
    disburseBatch: '/loans/disburse-batch',
    notes: (id: number | string) => `/loans/notes/${id}`,
    repayments: (id: number | string) => `/loans/repayments/${id}`,
    payment: '/loans/loan-payment',
    monthlyActive: '/loans/monthly-active-loans',
    reports: '/loans/loan-reports',
  },
  applications: {
    create: '/loansApplication',
    pending: APPLICATION_LISTS.pending.api,
    rejected: APPLICATION_LISTS.rejected.api,
    approve: (id: number | string) => `/loansApplication/approve/${id}`,
    reject: (id: number | string) => `/loansApplication/reject/${id}`,
    /** POST: approves several pending applications at their applied amounts, each on its own (issue 34). */
    approveBatch: '/loansApplication/approve-batch',
  },
  repayments: {
    list: REPAYMENT_LISTS.all.api,
    pending: REPAYMENT_LISTS.pending.api,
    approved: REPAYMENT_LISTS.approved.api,
    approve: (id: number | string) => `/repayments/${id}`,
    /** POST: approves several pending repayments, each on its own (issue 34). */
    approveBatch: '/repayments/approve-batch',
    /** PUT: rejects a pending repayment, with a reason. */
    reject: (id: number | string) => `/repayments/reject/${id}`,
    /** POST: rejects several pending repayments, each on its own, with one reason. */
    rejectBatch: '/repayments/reject-batch',
    monthlyApproved: '/repayments/monthly-approved',
  },
  /**
   * M-Pesa paybill (issue 13). The C2B callbacks carry the secret of MPESA_CALLBACK_SECRET in their
   * path; the suspense queue is for admins.
   */
  mpesa: {
    validation: (secret: string) => `/mpesa/c2b/${secret}/validation`,
    confirmation: (secret: string) => `/mpesa/c2b/${secret}/confirmation`,
    suspense: SUSPENSE_LISTS.suspense.api,
    suspenseSummary: '/mpesa/suspense/summary',
    suspenseLoans: '/mpesa/suspense/loans',
    assign: (id: number | string) => `/mpesa/suspense/${id}/assign`,
    refund: (id: number | string) => `/mpesa/suspense/${id}/refund`,
  },
  /** The whole filtered list as CSV, streamed (issue 14). */
  exports: {
    loans: '/exports/loans.csv',
    monthlyLoans: '/exports/monthly-loans.csv',
    loanReport: '/exports/loan-report.csv',
    customers: '/exports/customers.csv',
    repayments: '/exports/repayments.csv',
    monthlyRepayments: '/exports/monthly-repayments.csv',
    suspense: '/exports/suspense.csv',
    applications: '/exports/applications.csv',
    users: '/exports/users.csv',
    products: '/exports/products.csv',
  },
  /** The header search across the book (customers, loans, repayments), scoped to the caller. */
  search: '/search',
  products: { list: '/loanProducts', create: '/loanProducts' },
  targets: '/targets',
  files: (key: string) => `/files/${key}`,
  /** GET: the last successful backup of the embedded database (admins; issue 32). */
  backups: { status: '/backups/status' },
  /**
   * The device-lock provider (issue 35): its status callback carries DEVICELOCK_WEBHOOK_SECRET in
   * its path; a loan's and a customer's commands; the admins' failing commands and alerts.
   */
  deviceLock: {
    webhook: (secret: string) => `/devicelock/${secret}/status`,
    loanCommands: (id: number | string) => `/loans/${id}/device-commands`,
    customerCommands: (id: number | string) => `/customers/${id}/device-commands`,
    failing: '/device-commands/failing',
    alerts: '/device-commands/alerts',
    summary: '/device-commands/summary',
    /** POST: sends a failing or failed command again now. */
    retry: (id: number | string) => `/device-commands/${id}/retry`,
    /** DELETE: an admin has dealt with the phone's unexpected state. */
    alert: (loanId: number | string) => `/loans/${loanId}/device-alert`,
  },
  /**
   * SMS to customers (issue 35): Africa's Talking's delivery reports carry SMS_CALLBACK_SECRET in
   * their path; a loan's (GET; POST sends a one-off) and a customer's messages; templates,
   * settings and the monthly cost for admins.
   */
  messages: {
    deliveryReport: (secret: string) => `/sms/${secret}/delivery-report`,
    loan: (id: number | string) => `/loans/${id}/messages`,
    customer: (id: number | string) => `/customers/${id}/messages`,
    /** POST: the customer opts out of reminders, or back in. */
    reminders: (customerId: number | string) => `/customers/${customerId}/reminders`,
    templates: '/message-templates',
    template: (kind: string) => `/message-templates/${kind}`,
    costs: '/messages/costs',
    settings: '/lender-settings',
  },
} as const;

/** Browser routes of the docs/product.md#menu and #routes. */
export const appRoutes = {
  signin: SIGN_IN_ROUTES.signin,
  dashboard: SIGN_IN_ROUTES.dashboard,
  profile: '/profile',
  customers: CUSTOMER_LISTS.customers.page,
  /** A customer's whole picture (issue "Work faster"). */
  customerPage: (id: number | string) => `/customers/${id}`,
  registerCustomer: '/register-customer',
  loanApplication: '/loan-application',
  /** Every application list's page (application-lists.ts), by the list's name. */
  applicationLists: APPLICATION_LIST_PAGES,
  // The same pages by the names other code links to.
  pendingLoans: APPLICATION_LISTS.pending.page,
  rejectedLoans: APPLICATION_LISTS.rejected.page,
  /** Every loan list's page (loan-lists.ts), by the list's name. */
  loanLists: LOAN_LIST_PAGES,
  // The same pages by the names other code links to.
  loans: LOAN_LISTS.active.page,
  paidLoans: LOAN_LISTS.paid.page,
  pendingDisbursement: LOAN_LISTS.pendingDisbursement.page,
  dueToday: LOAN_LISTS.dueToday.page,
  dueTomorrow: LOAN_LISTS.dueTomorrow.page,
  due2to7: LOAN_LISTS.due2to7.page,
  defaulted: LOAN_LISTS.defaulted.page,
  viewLoan: (id: number | string) => `/viewloan/${id}`,
  /** Every repayment list's page (repayment-lists.ts), by the list's name. */
  repaymentLists: REPAYMENT_LIST_PAGES,
  // The same pages by the names other code links to.
  pendingRepayments: REPAYMENT_LISTS.pending.page,
  approvedRepayments: REPAYMENT_LISTS.approved.page,
  repayments: REPAYMENT_LISTS.all.page,
  /** Issue 13: unmatched paybill payments (admins). */
  mpesaSuspense: SUSPENSE_LISTS.suspense.page,
  addProduct: '/add-product',
  loanProducts: '/loan-products',
  loanReport: '/loan-report',
  monthlyActiveLoans: '/monthly-active-loans',
  monthlyApprovedRepayments: '/monthly-approved-repayments',
  signup: '/signup',
  allUsers: '/all-users',
  targets: '/targets',
  /** Issue 35 (admins): failing device commands and phones in an unexpected state. */
  deviceAlerts: '/device-alerts',
  /** Issue 35 (admins): the SMS templates, the messaging settings and what SMS cost. */
  messaging: '/messaging',
} as const;
