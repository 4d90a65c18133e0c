/** Toasts of the repayment and product screens: top right, closing after 5 s (docs/product.md#constants). */
export const TOAST = { placement: 'topRight', duration: 5 } as const;
