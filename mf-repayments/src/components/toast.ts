/** Toasts of the repayment and product screens: top right, closing after 5 s (specification §9). */
export const TOAST = { placement: 'topRight', duration: 5 } as const;
