import { formatDateTime, formatDay, nairobiDay } from './date-time';

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

describe('days', () => {
  it('gives the Nairobi day of a timestamp: 01:00 in Nairobi is still the day before in UTC', () => {
    expect(nairobiDay('2026-11-21T22:00:00.000Z')).toBe('2026-11-22');
    expect(formatDay('2026-11-21T22:00:00.000Z')).toBe('22 Nov 2026');
  });

  it('keeps a value that is already a day, and says nothing for none', () => {
    expect(nairobiDay('2026-11-22')).toBe('2026-11-22');
    expect(formatDay('2026-03-05')).toBe('5 Mar 2026');
    expect(nairobiDay(null)).toBeNull();
    expect(nairobiDay('not a date')).toBeNull();
    expect(formatDay(undefined)).toBe('N/A');
    expect(formatDay('not a date')).toBe('N/A');
  });
});
