import { createNoteRequestSchema, notesResponseSchema, promiseFilterSchema } from './notes';

describe('createNoteRequestSchema', () => {
  it('parses a note with its date', () => {
    expect(
      createNoteRequestSchema.parse({ note: ' Called, will pay Friday ', note_date: '2024-05-10' }),
    ).toEqual({
      note: 'Called, will pay Friday',
      note_date: '2024-05-10',
      type: 'other',
    });
  });

  it('parses a call, a visit and a promise to pay with its date and amount', () => {
    for (const type of ['call', 'visit', 'other'] as const) {
      expect(createNoteRequestSchema.parse({ note: 'x', note_date: '2024-05-10', type }).type).toBe(type);
    }
    expect(
      createNoteRequestSchema.parse({
        note: 'Will pay',
        note_date: '2024-05-10',
        type: 'promise',
        promise_date: '2024-05-17',
        promise_amount: '1500.50',
      }),
    ).toEqual({
      note: 'Will pay',
      note_date: '2024-05-10',
      type: 'promise',
      promise_date: '2024-05-17',
      promise_amount: 1500.5,
    });
  });

  it('refuses a promise without its date and amount, and a non-promise with them, naming the field', () => {
    const issues = (body: object) =>
      createNoteRequestSchema
        .safeParse({ note: 'x', note_date: '2024-05-10', ...body })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ type: 'promise' })).toEqual([
      ['promise_date', 'Promise date is required for a promise to pay'],
      ['promise_amount', 'Promise amount is required for a promise to pay'],
    ]);
    expect(issues({ type: 'call', promise_date: '2024-05-17' })).toEqual([
      ['promise_date', 'Promise date is only for a promise to pay'],
    ]);
    expect(issues({ promise_amount: 10 })).toEqual([
      ['promise_amount', 'Promise amount is only for a promise to pay'],
    ]);
    expect(issues({ type: 'promise', promise_date: '2024-05-17', promise_amount: 0 })).toEqual([
      ['promise_amount', 'Promise amount must be greater than 0'],
    ]);
    expect(issues({ type: 'promise', promise_date: '2024-05-17', promise_amount: 1.234 })).toEqual([
      ['promise_amount', 'Promise amount can have at most 2 decimal places'],
    ]);
    expect(issues({ type: 'sms' })?.[0]?.[0]).toBe('type');
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
      type: 'promise',
      promise_date: '2024-05-17',
      promise_amount: 1500.5,
      promise_status: 'pending',
      created_by: 2,
      created_by_name: 'Jane Officer',
      created_at: '2024-05-10T12:00:00.000Z',
    };
    expect(notesResponseSchema.parse([note])).toEqual([note]);
  });
});

describe('promiseFilterSchema', () => {
  it('takes none, pending, kept or broken', () => {
    expect(promiseFilterSchema.parse('broken')).toBe('broken');
    expect(promiseFilterSchema.parse(undefined)).toBeUndefined();
    expect(promiseFilterSchema.safeParse('late').error?.issues[0]?.message).toBe(
      'promise must be one of none, pending, kept, broken',
    );
  });
});
