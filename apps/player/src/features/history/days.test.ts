import { describe, expect, it } from 'vitest';
import { dayRange, dayStart, daysBefore, localDay, nextDay } from './days.ts';

describe('history date filter days', () => {
  it('starts a local day at its zone midnight, written with the offset', () => {
    expect(dayStart('2026-11-24', 'Asia/Jakarta')).toBe('2026-11-24T00:00:00+07:00');
    expect(new Date(dayStart('2026-11-24', 'Asia/Jakarta')).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(dayStart('2026-11-24', 'America/Mexico_City')).toBe('2026-11-24T00:00:00-06:00');
    expect(dayStart('2026-01-01', 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    // A daylight-saving zone on both sides of its change.
    expect(dayStart('2026-03-08', 'America/New_York')).toBe('2026-03-08T00:00:00-05:00');
    expect(dayStart('2026-03-09', 'America/New_York')).toBe('2026-03-09T00:00:00-04:00');
  });

  it('covers both chosen days whole and refuses a backwards range', () => {
    expect(dayRange('2026-11-01', '2026-11-30', 'Asia/Jakarta')).toEqual({
      from: '2026-11-01T00:00:00+07:00',
      to: '2026-12-01T00:00:00+07:00',
    });
    expect(dayRange('', '2026-12-31', 'Asia/Jakarta')).toEqual({ to: '2027-01-01T00:00:00+07:00' });
    expect(dayRange('', '', 'Asia/Jakarta')).toEqual({});
    expect(dayRange('2026-11-02', '2026-11-01', 'Asia/Jakarta')).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(daysBefore('2026-01-10', 30)).toBe('2025-12-11');
    expect(localDay(Date.parse('2026-11-23T18:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-24');
  });
});
