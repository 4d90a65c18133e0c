/**
 * GET /api/search?q=: the header search across the book (Ctrl/Cmd+K) — customers by name, phone
 * (any form) or national ID; loans by IMEI or account number; repayments by M-Pesa code. Scoped
 * like every list: an officer finds only their own book. At most SEARCH_LIMIT of each.
 */
import { z } from 'zod';
import { moneySchema } from './common';
import { loanStatusSchema } from './loans';
import { repaymentStatusSchema } from './repayments';

export const SEARCH_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(100, 'Search must be at most 100 characters'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const customerHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  national_id: z.string(),
});
export const loanHitSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  customer_name: z.string(),
  model: z.string(),
  imei: z.string(),
  status: loanStatusSchema,
});
export const repaymentHitSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  mpesa_code: z.string(),
  amount: moneySchema,
  customer_name: z.string(),
  status: repaymentStatusSchema,
});
export const searchResultsSchema = z.object({
  customers: z.array(customerHitSchema),
  loans: z.array(loanHitSchema),
  repayments: z.array(repaymentHitSchema),
});
export type CustomerHit = z.infer<typeof customerHitSchema>;
export type LoanHit = z.infer<typeof loanHitSchema>;
export type RepaymentHit = z.infer<typeof repaymentHitSchema>;
export type SearchResults = z.infer<typeof searchResultsSchema>;
