import { z } from 'zod';
import { valuesOf } from '../domain/value-table';
import { isoDateSchema, isoDateTimeSchema, messageSchema, moneySchema } from './common';
import { dateField, optionalDateField, optionalMoneyField, textField } from './validators';

/** What a loan note records (issue 14, collections): a call, a visit, a promise to pay, or other. */
export const NOTE_TYPE_LABELS = {
  call: 'Call',
  visit: 'Visit',
  promise: 'Promise to pay',
  other: 'Other',
};
export const NOTE_TYPES = valuesOf(NOTE_TYPE_LABELS);
export type NoteType = (typeof NOTE_TYPES)[number];

/**
 * A promise to pay as of today: kept once the approved repayments paid from the note's date
 * through the promise date add up to its amount; broken when the promise date has passed (before
 * today in the lender's zone) without that; pending otherwise.
 */
export const PROMISE_STATUS_LABELS = {
  pending: 'Pending',
  kept: 'Kept',
  broken: 'Broken',
};
export const PROMISE_STATUSES = valuesOf(PROMISE_STATUS_LABELS);
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];
/** The loan lists' filter by their latest promise (`?promise=`): none, or its status. */
export const PROMISE_FILTERS = ['none', ...PROMISE_STATUSES] as const;
export type PromiseFilter = (typeof PROMISE_FILTERS)[number];
export const promiseFilterSchema = z
  .enum(PROMISE_FILTERS, { error: `promise must be one of ${PROMISE_FILTERS.join(', ')}` })
  .optional();

/** A promise's date: today or later, at most this many days ahead. */
export const PROMISE_MAX_DAYS_AHEAD = 90;

/** Loan note (docs/product.md#browser-data), with who wrote it and when. */
export const noteSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  note: z.string(),
  note_date: isoDateSchema,
  /** 'other' for notes written before notes had a type. */
  type: z.enum(NOTE_TYPES),
  /** A promise's date and amount (Ksh) and its status as of today; null for other types. */
  promise_date: isoDateSchema.nullable(),
  promise_amount: moneySchema.nullable(),
  promise_status: z.enum(PROMISE_STATUSES).nullable(),
  created_by: z.number().int(),
  created_by_name: z.string(),
  created_at: isoDateTimeSchema,
});
export type Note = z.infer<typeof noteSchema>;

/** GET /api/loans/notes/{id}: newest note_date first. */
export const notesResponseSchema = z.array(noteSchema);
export type NotesResponse = z.infer<typeof notesResponseSchema>;

/**
 * POST /api/loans/notes/{id}. `type` defaults to 'other' (the specification's client sends none).
 * A promise needs promise_date and promise_amount, any other type takes neither; the server also
 * refuses a promise date before today or more than PROMISE_MAX_DAYS_AHEAD days ahead.
 */
export const createNoteRequestSchema = z
  .object({
    note: textField('Note', 2000),
    note_date: dateField('Note date'),
    type: z.enum(NOTE_TYPES, { error: `Type must be one of ${NOTE_TYPES.join(', ')}` }).default('other'),
    promise_date: optionalDateField('Promise date'),
    promise_amount: optionalMoneyField('Promise amount'),
  })
  .superRefine((body, ctx) => {
    const promise = body.type === 'promise';
    for (const [field, label] of [
      ['promise_date', 'Promise date'],
      ['promise_amount', 'Promise amount'],
    ] as const) {
      const given = body[field] !== undefined;
      if (promise && !given)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required for a promise to pay` });
      if (!promise && given)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is only for a promise to pay` });
    }
  });
export type CreateNoteRequest = z.infer<typeof createNoteRequestSchema>;
export type CreateNoteInput = z.input<typeof createNoteRequestSchema>;
export const createNoteResponseSchema = messageSchema.extend({ note: noteSchema });
export type CreateNoteResponse = z.infer<typeof createNoteResponseSchema>;
