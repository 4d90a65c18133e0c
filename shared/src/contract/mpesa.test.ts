import {
  DARAJA_ACCEPTED,
  DARAJA_INVALID_ACCOUNT,
  darajaC2bPayloadSchema,
  darajaResultSchema,
  formatTransTime,
  parseTransTime,
  payerName,
} from './mpesa';

const payload = {
  TransactionType: 'Pay Bill',
  TransID: 'rkl51zdr4f',
  TransTime: '20250303103000',
  TransAmount: '1500.00',
  BusinessShortCode: '600638',
  BillRefNumber: 'kv7 r48x',
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '2547 ***** 126',
  FirstName: 'Wanjiku',
  MiddleName: '',
  LastName: 'Kamau',
};

describe('TransTime', () => {
  it('reads yyyyMMddHHmmss as Nairobi time (UTC+3)', () => {
    expect(parseTransTime('20250303103000')?.toISOString()).toBe('2025-03-03T07:30:00.000Z');
  });

  it('puts midnight in Nairobi on the evening before in UTC', () => {
    expect(parseTransTime('20250304000000')?.toISOString()).toBe('2025-03-03T21:00:00.000Z');
    expect(parseTransTime('20250101000500')?.toISOString()).toBe('2024-12-31T21:05:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const bad of [
      '',
      '2025030310300',
      '202503031030000',
      '20250230103000',
      '20251303000000',
      '20250303250000',
      'x0250303103000',
    ]) {
      expect(parseTransTime(bad)).toBeNull();
    }
  });

  it('writes an instant back as Nairobi time', () => {
    expect(formatTransTime(new Date('2025-03-03T21:00:00Z'))).toBe('20250304000000');
    const instant = new Date('2026-11-25T09:41:07Z');
    expect(parseTransTime(formatTransTime(instant))).toEqual(instant);
  });
});

describe('C2B payload', () => {
  it('reads a Daraja payload: code upper-cased, amount as exact text with 2 decimals', () => {
    const parsed = darajaC2bPayloadSchema.parse(payload);
    expect(parsed.TransID).toBe('RKL51ZDR4F');
    expect(parsed.TransAmount).toBe('1500.00');
    expect(parsed.BillRefNumber).toBe('kv7 r48x');
    expect(payerName(parsed)).toBe('Wanjiku Kamau');
  });

  it('takes amounts sent as numbers or with one decimal, and leaves out absent optional fields', () => {
    const minimal = {
      TransID: 'RKL51ZDR4F',
      TransTime: '20250303103000',
      TransAmount: 1500,
      BillRefNumber: 12345,
    };
    const parsed = darajaC2bPayloadSchema.parse(minimal);
    expect(parsed.TransAmount).toBe('1500.00');
    expect(parsed.BillRefNumber).toBe('12345');
    expect(parsed.FirstName).toBe('');
    expect(darajaC2bPayloadSchema.parse({ ...minimal, TransAmount: '0.5' }).TransAmount).toBe('0.50');
    expect(darajaC2bPayloadSchema.parse({ ...minimal, TransAmount: 10.25 }).TransAmount).toBe('10.25');
  });

  it('refuses a payload without a usable code, time or amount', () => {
    for (const bad of [
      { ...payload, TransID: 'SHORT' },
      { ...payload, TransTime: '2025-03-03 10:30' },
      { ...payload, TransAmount: '0.00' },
      { ...payload, TransAmount: '-5' },
      { ...payload, TransAmount: '10.005' },
      { ...payload, TransAmount: 'ten' },
    ]) {
      expect(darajaC2bPayloadSchema.safeParse(bad).success).toBe(false);
    }
  });

  it("answers in Daraja's format", () => {
    expect(darajaResultSchema.parse(DARAJA_ACCEPTED)).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(darajaResultSchema.parse(DARAJA_INVALID_ACCOUNT)).toEqual({
      ResultCode: 'C2B00012',
      ResultDesc: 'Rejected',
    });
  });
});
