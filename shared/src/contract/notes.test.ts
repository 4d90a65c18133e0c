import { createNoteRequestSchema, notesResponseSchema } from './notes';

describe('createNoteRequestSchema', () => {
  it('parses a note with its date', () => {
    expect(
      createNoteRequestSchema.parse({ note: ' Called, will pay Friday ', note_date: '2024-05-10' }),
    ).toEqual({
      note: 'Called, will pay Friday',
      note_date: '2024-05-10',
    });
  });

  it('requires both the note and the date', () => {
    expect(createNoteRequestSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
      'Note is required',
      'Note date is required',
    ]);
    expect(
      createNoteRequestSchema.safeParse({ note: 'x', note_date: '10/05/2024' }).error?.issues[0]?.message,
    ).toBe('Note date must be a valid date written YYYY-MM-DD');
  });
});

describe('notesResponseSchema', () => {
  it('parses the notes of a loan', () => {
    const note = {
      id: 1,
      loan_id: 7,
      note: 'Called',
      note_date: '2024-05-10',
      created_by: 2,
      created_by_name: 'Jane Officer',
      created_at: '2024-05-10T12:00:00.000Z',
    };
    expect(notesResponseSchema.parse([note])).toEqual([note]);
  });
});
