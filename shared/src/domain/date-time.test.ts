import { formatDateTime } from './date-time';

describe('date-times', () => {
  it('reads an instant in Nairobi time (UTC+3), day first, on a 24-hour clock', () => {
    expect(formatDateTime('2026-11-22T06:15:00Z')).toBe('22 Nov 2026, 09:15');
    expect(formatDateTime('2026-12-31T21:30:00Z')).toBe('1 Jan 2027, 00:30');
  });

  it('shows an em dash for no instant or one that does not parse', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
