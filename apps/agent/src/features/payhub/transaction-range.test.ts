// Proves the /transaction date filter turns a picked day into the instant it starts in the project's
// time zone (Jakarta UTC+7, Mexico City UTC-6), and the range's end into the next day's start.
import { describe, expect, it } from 'vitest';
import { dayStartInstant, nextDay } from './transaction-range.ts';

describe('transaction date range', () => {
  it('starts a day at midnight of the project time zone', () => {
    expect(dayStartInstant('2026-11-24', 'Asia/Jakarta')).toBe('2026-11-23T17:00:00.000Z');
    expect(dayStartInstant('2026-11-24', 'America/Mexico_City')).toBe('2026-11-24T06:00:00.000Z');
    expect(dayStartInstant('2026-11-24', 'UTC')).toBe('2026-11-24T00:00:00.000Z');
  });

  it('ends a range at the start of the next day, across months and years', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('refuses text that is not a day', () => {
    expect(() => dayStartInstant('24/11/2026', 'Asia/Jakarta')).toThrow();
  });
});
