/** Toasts of the loan screens: top right, closing after 5 s (specification §9). */
export const LOAN_TOAST = { placement: 'topRight', duration: 5 } as const;
