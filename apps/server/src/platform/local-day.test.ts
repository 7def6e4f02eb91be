// Proves local days and their boundaries in the projects' time zones, across midnight.
import { describe, expect, it } from 'vitest';
import { dayDistance, daysBefore, localDay, localDayStartMs, nextDay, startOfLocalDay } from './local-day.ts';

describe('local days', () => {
  it('turns over at local midnight in Asia/Jakarta (UTC+7)', () => {
    expect(localDay(new Date('2026-11-21T16:59:59Z'), 'Asia/Jakarta')).toBe('2026-11-21');
    expect(localDay(new Date('2026-11-21T17:00:00Z'), 'Asia/Jakarta')).toBe('2026-11-22');
    expect(localDayStartMs('2026-11-22', 'Asia/Jakarta')).toBe(Date.parse('2026-11-21T17:00:00Z'));
  });

  it('turns over at local midnight in America/Mexico_City (UTC-6, no daylight saving since 2022)', () => {
    expect(localDay(new Date('2026-11-22T05:59:59Z'), 'America/Mexico_City')).toBe('2026-11-21');
    expect(localDay(new Date('2026-11-22T06:00:00Z'), 'America/Mexico_City')).toBe('2026-11-22');
    expect(localDayStartMs('2026-07-01', 'America/Mexico_City')).toBe(Date.parse('2026-07-01T06:00:00Z'));
  });

  it('finds the start of a day that begins after a daylight-saving change', () => {
    expect(localDayStartMs('2026-03-09', 'America/New_York')).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(localDayStartMs('2026-03-07', 'America/New_York')).toBe(Date.parse('2026-03-07T05:00:00Z'));
  });

  it('starts the local day of an instant at local midnight, across midnight', () => {
    // Asia/Jakarta (UTC+7): 16:59:59Z is still the 21st locally, 17:00:00Z is the 22nd.
    expect(startOfLocalDay(new Date('2026-11-21T16:59:59Z'), 'Asia/Jakarta').toISOString()).toBe(
      '2026-11-20T17:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2026-11-21T17:00:00Z'), 'Asia/Jakarta').toISOString()).toBe(
      '2026-11-21T17:00:00.000Z',
    );
    // America/Mexico_City (UTC-6): 05:59:59Z is still the 21st locally, 06:00:00Z is the 22nd.
    expect(startOfLocalDay(new Date('2026-11-22T05:59:59Z'), 'America/Mexico_City').toISOString()).toBe(
      '2026-11-21T06:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2026-11-22T06:00:00Z'), 'America/Mexico_City').toISOString()).toBe(
      '2026-11-22T06:00:00.000Z',
    );
    // A zone without daylight saving keeps the same offset all year (UTC+7 in July too).
    expect(startOfLocalDay(new Date('2026-07-01T12:00:00Z'), 'Asia/Jakarta').toISOString()).toBe(
      '2026-06-30T17:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2026-01-15T00:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-01-15T00:00:00.000Z',
    );
  });

  it('steps over month and year ends', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(dayDistance('2026-11-01', '2026-11-30')).toBe(29);
  });
});

describe('local days asked for again and again', () => {
  it('answers every instant of a remembered day, and the days around it, exactly', () => {
    const zone = 'Asia/Jakarta';
    const start = Date.parse('2026-11-21T17:00:00Z'); // 2026-11-22 00:00 in Jakarta
    // Ask inside the day first (remembered), then at and around both of its ends, out of order.
    expect(localDay(start + 3_600_000, zone)).toBe('2026-11-22');
    expect(localDay(start - 1, zone)).toBe('2026-11-21');
    expect(localDay(start + 86_400_000 - 1, zone)).toBe('2026-11-22');
    expect(localDay(start + 86_400_000, zone)).toBe('2026-11-23');
    expect(localDay(start, zone)).toBe('2026-11-22');
    expect(localDay(new Date(start + 86_400_000 - 1), zone)).toBe('2026-11-22');
  });

  it('remembers a day that is 23 hours long (a daylight-saving change) with its true ends', () => {
    const zone = 'America/New_York';
    // 2026-03-08 runs from 05:00Z to 04:00Z the next day (clocks go forward at 02:00 local).
    expect(localDay(Date.parse('2026-03-08T12:00:00Z'), zone)).toBe('2026-03-08');
    expect(localDay(Date.parse('2026-03-09T03:59:59Z'), zone)).toBe('2026-03-08');
    expect(localDay(Date.parse('2026-03-09T04:00:00Z'), zone)).toBe('2026-03-09');
    expect(localDay(Date.parse('2026-03-08T04:59:59Z'), zone)).toBe('2026-03-07');
  });
});
