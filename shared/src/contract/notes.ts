import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, messageSchema } from './common';
import { dateField, textField } from './validators';

/** Loan note (specification §3), with who wrote it and when. */
export const noteSchema = z.object({
  id: z.number().int(),
  loan_id: z.number().int(),
  note: z.string(),
  note_date: isoDateSchema,
  created_by: z.number().int(),
  created_by_name: z.string(),
  created_at: isoDateTimeSchema,
});
export type Note = z.infer<typeof noteSchema>;

/** GET /api/loans/notes/{id}: newest note_date first. */
export const notesResponseSchema = z.array(noteSchema);
export type NotesResponse = z.infer<typeof notesResponseSchema>;

/** POST /api/loans/notes/{id} */
export const createNoteRequestSchema = z.object({
  note: textField('Note', 2000),
  note_date: dateField('Note date'),
});
export type CreateNoteRequest = z.infer<typeof createNoteRequestSchema>;
export const createNoteResponseSchema = messageSchema.extend({ note: noteSchema });
export type CreateNoteResponse = z.infer<typeof createNoteResponseSchema>;
