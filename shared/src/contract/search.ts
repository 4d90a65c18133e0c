/**
 * GET /api/search?q=: the header search across the book (Ctrl/Cmd+K) — customers by name, phone
 * (any form) or national ID; loans by IMEI or account number; repayments by M-Pesa code. Scoped
 * like every list: an officer finds only their own book. At most SEARCH_LIMIT of each.
 */
import { z } from 'zod';
import { customerSchema } from './customers';
import { loanRowSchema } from './loans';
import { repaymentSchema } from './repayments';

export const SEARCH_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(100, 'Search must be at most 100 characters'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

// A hit carries the fields of the record as its list shows them, plus what identifies it at a glance.
/** `name`: first and last name. */
export const customerHitSchema = customerSchema
  .pick({ id: true, phone: true, national_id: true })
  .extend({ name: z.string() });
/** The financed phone's model and IMEI. */
export const loanHitSchema = loanRowSchema
  .pick({ id: true, account_number: true, customer_name: true, status: true })
  .extend({ model: z.string(), imei: z.string() });
export const repaymentHitSchema = repaymentSchema.pick({
  id: true,
  loan_id: true,
  mpesa_code: true,
  amount: true,
  customer_name: true,
  status: true,
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
