/** Toasts of the loan screens: top right, closing after 5 s (docs/product.md#constants). */
export const LOAN_TOAST = { placement: 'topRight', duration: 5 } as const;
