import type { ZodType } from 'zod';
import type { FormRule } from '@lender/shared/ui/antd';

/** A text field that must hold more than spaces; `message` says what to enter. */
export const requiredText = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** requiredText in the registration's and the users pages' words: 'First name is required'. */
export const requiredField = (label: string): FormRule => requiredText(`${label} is required`);

/**
 * A field's rule from the contract's own schema for it (shared/src/contract/validators.ts builders,
 * as the server parses the body): the form shows the very message the server would answer, so each
 * rule has one text. Required (the label's mark) when the schema refuses an absent value.
 */
export const schemaRule = (schema: ZodType): FormRule => ({
  required: !schema.safeParse(undefined).success,
  validator: async (_rule, value: unknown) => {
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The contract's check of a field once something is typed (the field's required rule, in the
 * form's own words, says when it is missing): the message the server would answer, shown at once
 * with every other field's, before any request.
 */
export const formatRule = (schema: ZodType): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (isBlank(value)) return;
    const result = await schema.safeParseAsync(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});
