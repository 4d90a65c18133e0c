import { z } from 'zod';
import { MAX_ID, messageSchema, moneySchema } from './common';
import { monthField, nonNegativeMoneyField, toNumberInput, yearField } from './validators';

/**
 * Monthly targets (the product's addition): GET/PUT /api/targets?month&year. Admins set a
 * disbursement target and a collection target company-wide (officer_id null) and per officer.
 */
export const targetsQuerySchema = z.object({
  month: monthField('Month'),
  year: yearField('Year'),
});
export type TargetsQuery = z.infer<typeof targetsQuerySchema>;

export const targetSchema = z.object({
  /** null for the company-wide target. */
  officer_id: z.number().int().nullable(),
  /** null for the company-wide target. */
  officer_name: z.string().nullable(),
  month: z.number().int(),
  year: z.number().int(),
  disbursement_target: moneySchema,
  collection_target: moneySchema,
});
export type Target = z.infer<typeof targetSchema>;

/** GET /api/targets: the company-wide row first, then one row per officer. */
export const targetsResponseSchema = z.array(targetSchema);
export type TargetsResponse = z.infer<typeof targetsResponseSchema>;

export const targetInputSchema = z.object({
  /** null (or left out) for the company-wide target. */
  officerId: z.preprocess(
    (value) => toNumberInput(value) ?? null,
    z
      .number({ error: 'Officer must be a number' })
      .int('Officer must be a whole number')
      .positive('Officer must be greater than 0')
      .max(MAX_ID, 'Officer is too large')
      .nullable(),
  ),
  disbursementTarget: nonNegativeMoneyField('Disbursement target'),
  collectionTarget: nonNegativeMoneyField('Collection target'),
});
export type TargetInput = z.infer<typeof targetInputSchema>;

/** PUT /api/targets?month&year: sets the given targets of that month; targets not listed are kept. */
export const putTargetsRequestSchema = z.object({
  targets: z
    .array(targetInputSchema, { error: 'Targets must be a list' })
    .min(1, 'At least one target is required')
    .max(500, 'At most 500 targets can be set at once')
    .refine((targets) => new Set(targets.map((t) => t.officerId)).size === targets.length, {
      message: 'Each officer (and the company-wide target) can appear only once',
    }),
});
export type PutTargetsRequest = z.infer<typeof putTargetsRequestSchema>;
export const putTargetsResponseSchema = messageSchema.extend({ targets: targetsResponseSchema });
export type PutTargetsResponse = z.infer<typeof putTargetsResponseSchema>;
