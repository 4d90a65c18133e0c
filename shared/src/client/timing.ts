/** Redirect delay after a successful submit (docs/product.md#constants). */
export const REDIRECT_DELAY_MS = 1500;
