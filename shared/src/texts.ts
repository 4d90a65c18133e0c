/**
 * The specification's user-facing texts, copied exactly (misspellings and trailing spaces
 * included: "Due Tommorrow", "Repossesed", "You are not authorized ").
 */
export const texts = {
  signIn: {
    heading: 'Sign In',
    subText: 'Enter your email and password to sign in!',
    submit: 'Sign in',
    submitting: 'Submitting, please wait...',
    loginFailed: 'Login failed',
    unexpected: 'An unexpected error occurred',
    welcome: 'Welcome back! Sign in to your account to manage customers, loans and repayments.',
    sessionExpired: 'Your session has expired. Please sign in again.',
  },
  session: {
    expiresSoon: (minutes: number) => `Your session expires in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    expiresSoonDetail: 'Click or type anywhere to stay signed in.',
  },
  /** A form's entries kept in the browser across a session that ended (docs/product.md#drafts). */
  drafts: {
    restored: 'Your unsaved entries are back',
    restoredDetail: 'What you typed before your session ended has been restored. Submit to save it.',
    discard: 'Discard',
  },
  notFound: {
    heading: 'ERROR',
    text: 'We can’t seem to find the page you are looking for!',
    back: 'Back to Home Page',
  },
  /** A page the user's role may not open (issue 11): said plainly, not as not-found. */
  noAccess: {
    heading: 'You do not have access to this page',
    text: 'Your role does not allow this page. Ask an admin if you need it.',
    back: 'Back to Dashboard',
  },
  userMenu: { viewProfile: 'View Profile', signOut: 'Sign out' },
  auth: {
    notAuthorized: 'You are not authorized',
    notAuthorizedNoToken: 'You are not authorized ',
    notAuthorizedDot: 'You are not authorized.',
    notAuthorizedToView: 'You are not authorized to view this page.',
    notAuthorizedToApprove: 'You are not authorized to approve this loan.',
  },
  errors: {
    unexpectedTryAgain: 'An unexpected error occurred. Please try again.',
    unexpected: 'An unexpected error occurred.',
    lockFailed: 'Error locking phone',
    loanFetch: 'Failed to fetch loan data',
    notesFetch: 'Failed to fetch notes',
    repaymentsFetch: 'Failed to fetch repayments',
    noteFailed: 'Failed to add note',
    registerFailed: 'Error registering',
    applicationFailed: 'Failed to submit loan application',
    loansFetch: 'Failed to fetch loans.',
    repaymentsListFetch: 'Failed to fetch repayments.',
  },
  success: {
    repaymentSaved: 'Repayment saved successfully!',
    repaymentApproved: 'Repayment approved successfully!',
    repaymentRejected: 'Repayment rejected',
    phoneLocked: 'Phone locked successfully',
    noteAdded: 'Note added successfully!',
    applicationSubmitted: 'Loan application submitted successfully!',
    userCreated: 'User created successfully',
  },
  dialogs: {
    invalidDisbursedAmount: 'Please enter a valid disbursed amount.',
    invalidMpesaCode: 'Please enter a valid Mpesa code.',
    deleteCustomer: 'Are you sure you want to delete this customer?',
    confirmLockTitle: 'Confirm Phone Lock',
    confirmLockText: 'Are you sure you want to lock this phone?',
    confirmRepossessTitle: 'Confirm Phone Repossesion',
    enterDisbursedAmount: 'Enter Disbursed Amount',
    reason: 'Reason',
    enterMpesaCode: 'Enter Mpesa Code',
    repayment: 'Repayment',
    customerDetails: 'Customer Details',
  },
  empty: {
    collaterals: 'No collaterals available.',
    referees: 'No referees available.',
    guarantors: 'No guarantors available.',
    repayments: 'No repayments recorded yet.',
    notes: 'No notes for this loan yet.',
    dueToday: 'No loans are due today.',
    dueTomorrow: 'No loans are due tomorrow.',
    due2to7: 'No loans.',
  },
  /** /viewloan/{id} for an unknown loan or another officer's (the server's 404). */
  loanNotFound: 'This loan does not exist or is not in your book.',
  common: {
    loading: 'Loading...',
    currency: 'Ksh',
    notAvailable: 'N/A',
    unknown: 'Unknown',
    pageOf: (page: number, totalPages: number) => `Page ${page} of ${totalPages}`,
    /** When the server's count stopped short of the list's end (meta.totalEstimated). */
    pageOfMoreThan: (page: number, totalPages: number) =>
      `Page ${page} of more than ${totalPages.toLocaleString('en-US')}`,
    previous: 'Previous',
    next: 'Next',
    retry: 'Retry',
  },
  applicationForm: {
    submitting: 'Submitting, please wait...',
    errorPrefix: 'Error: ',
  },
  createUser: { submit: 'Submit', rolePlaceholder: 'Select your role' },
  remotes: {
    loadFailed: (area: string) => `The ${area} section could not be loaded.`,
    loadFailedHint: 'Check your connection and try again. The rest of the back office keeps working.',
    retry: 'Retry',
    notBuilt: 'This page is not built yet.',
    updateAvailable: 'A new version of the back office is available',
    updateAvailableDetail: 'Reload to use it. Anything not yet saved on this page would be lost.',
    reload: 'Reload',
  },
} as const;
