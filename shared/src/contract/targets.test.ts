import { putTargetsRequestSchema, targetsQuerySchema, targetsResponseSchema } from './targets';

describe('targetsQuerySchema', () => {
  it('parses month and year from the query string', () => {
    expect(targetsQuerySchema.parse({ month: '5', year: '2024' })).toEqual({ month: 5, year: 2024 });
    expect(targetsQuerySchema.safeParse({ month: '0', year: '2024' }).error?.issues[0]?.message).toBe(
      'Month must be at least 1',
    );
  });
});

describe('putTargetsRequestSchema', () => {
  it('parses a company-wide target and officer targets', () => {
    expect(
      putTargetsRequestSchema.parse({
        targets: [
          { officerId: null, disbursementTarget: 1000000, collectionTarget: '800000' },
          { officerId: '3', disbursementTarget: 250000.5, collectionTarget: 200000 },
        ],
      }),
    ).toEqual({
      targets: [
        { officerId: null, disbursementTarget: 1000000, collectionTarget: 800000 },
        { officerId: 3, disbursementTarget: 250000.5, collectionTarget: 200000 },
      ],
    });
  });

  it('treats a blank or missing officer as company-wide', () => {
    expect(
      putTargetsRequestSchema.parse({
        targets: [{ officerId: '', disbursementTarget: 1, collectionTarget: 1 }],
      }).targets[0]?.officerId,
    ).toBeNull();
    expect(
      putTargetsRequestSchema.parse({ targets: [{ disbursementTarget: 1, collectionTarget: 1 }] }).targets[0]
        ?.officerId,
    ).toBeNull();
  });

  it('refuses negative targets, duplicates and an empty list', () => {
    expect(
      putTargetsRequestSchema.safeParse({
        targets: [{ officerId: 3, disbursementTarget: -1, collectionTarget: 0 }],
      }).error?.issues[0]?.message,
    ).toBe('Disbursement target cannot be negative');
    expect(
      putTargetsRequestSchema.safeParse({
        targets: [
          { officerId: 3, disbursementTarget: 1, collectionTarget: 1 },
          { officerId: '3', disbursementTarget: 2, collectionTarget: 2 },
        ],
      }).error?.issues[0]?.message,
    ).toBe('Each officer (and the company-wide target) can appear only once');
    expect(putTargetsRequestSchema.safeParse({ targets: [] }).error?.issues[0]?.message).toBe(
      'At least one target is required',
    );
  });
});

describe('targetsResponseSchema', () => {
  it('parses the list', () => {
    const list = [
      {
        officer_id: null,
        officer_name: null,
        month: 5,
        year: 2024,
        disbursement_target: 1000000,
        collection_target: 800000,
      },
      {
        officer_id: 3,
        officer_name: 'Jane Officer',
        month: 5,
        year: 2024,
        disbursement_target: 250000,
        collection_target: 200000,
      },
    ];
    expect(targetsResponseSchema.parse(list)).toEqual(list);
  });
});
