import { z } from 'zod';
import { messageSchema, moneySchema } from './common';
import {
  blankToUndefined,
  hasAtMostTwoDecimals,
  intField,
  moneyField,
  textField,
  toNumberInput,
} from './validators';

export const DEFAULT_DURATION_DAYS = 30;

/** Loan product (docs/product.md#browser-data). interest_rate is a flat percentage of the principal for the term. */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  min_amount: moneySchema,
  max_amount: moneySchema,
  interest_rate: z.number(),
  duration_days: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/loanProducts: the whole list, ordered by name. */
export const productListResponseSchema = z.array(productSchema);
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** POST /api/loanProducts */
export const createProductRequestSchema = z
  .object({
    name: textField('Product name', 100),
    /** Optional: an empty description is stored as ''. */
    description: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Description must be text' })
        .max(1000, 'Description must be at most 1000 characters')
        .optional()
        .transform((v) => v ?? ''),
    ),
    minAmount: moneyField('Minimum amount'),
    maxAmount: moneyField('Maximum amount'),
    interestRate: z.preprocess(
      toNumberInput,
      z
        .number({
          error: (issue) =>
            issue.input === undefined ? 'Interest rate is required' : 'Interest rate must be a number',
        })
        .min(0, 'Interest rate must be between 0 and 100')
        .max(100, 'Interest rate must be between 0 and 100')
        .refine(hasAtMostTwoDecimals, 'Interest rate can have at most 2 decimal places'),
    ),
    /** 30 when left out. */
    durationDays: z.preprocess(
      (value) => toNumberInput(value) ?? DEFAULT_DURATION_DAYS,
      intField('Duration (days)', 7, 730),
    ),
  })
  .refine((p) => p.maxAmount >= p.minAmount, {
    message: 'Maximum amount must be greater than or equal to the minimum amount',
    path: ['maxAmount'],
  });
export type CreateProductRequest = z.infer<typeof createProductRequestSchema>;
export const createProductResponseSchema = messageSchema.extend({ product: productSchema });
export type CreateProductResponse = z.infer<typeof createProductResponseSchema>;
