import { apiErrorSchema } from '@lender/shared/contract/common';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** A route schema's error answers: each listed status answers the one error shape (docs/product.md#errors). */
export const errors = (...codes: ErrorStatus[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<number, typeof apiErrorSchema>;
