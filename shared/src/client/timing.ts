/** Redirect delay after a successful submit (specification §9). */
export const REDIRECT_DELAY_MS = 1500;
