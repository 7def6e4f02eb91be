// The pure rules of responsible play: periods in the project's time zone, a decrease at once and an
// increase or removal after 24 h, exclusions that only ever lengthen.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  changeLimit,
  effective,
  LIMIT_INCREASE_DELAY_MS,
  lengthen,
  monthStartDay,
  NO_LIMIT,
  periodStart,
} from './responsible.rules.ts';

const now = new Date('2026-11-25T10:00:00Z'); // a Wednesday; 17:00 in Jakarta

describe('periods', () => {
  it('begin at local midnight, on local Monday and on the local first of the month', () => {
    expect(periodStart('day', now, 'Asia/Jakarta').toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(periodStart('week', now, 'Asia/Jakarta').toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(periodStart('month', now, 'Asia/Jakarta').toISOString()).toBe('2026-10-31T17:00:00.000Z');
    // 23:30 UTC on a Sunday is already Monday in Jakarta: a new week.
    const lateSunday = new Date('2026-11-29T23:30:00Z');
    expect(periodStart('week', lateSunday, 'Asia/Jakarta').toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(periodStart('day', now, 'America/Mexico_City').toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('counts statement months back across a year', () => {
    expect(monthStartDay(now, 'Asia/Jakarta', 0)).toBe('2026-11-01');
    expect(monthStartDay(now, 'Asia/Jakarta', 11)).toBe('2025-12-01');
    expect(monthStartDay(now, 'Asia/Jakarta', 23)).toBe('2024-12-01');
  });
});

describe('limit changes', () => {
  const set = changeLimit(NO_LIMIT, 100n, now);
  it('a new limit and a decrease apply at once', () => {
    expect(set).toEqual({ value: 100n, pendingValue: null, pendingRemove: false, pendingAt: null });
    expect(changeLimit(set, 40n, now).value).toBe(40n);
  });

  it('an increase applies after 24 hours, not before', () => {
    const raised = changeLimit(set, 300n, now);
    expect(raised.value).toBe(100n);
    expect(raised.pendingAt!.getTime() - now.getTime()).toBe(LIMIT_INCREASE_DELAY_MS);
    expect(effective(raised, new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS - 1)).value).toBe(100n);
    expect(effective(raised, new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS)).value).toBe(300n);
  });

  it('a removal waits 24 hours too; a decrease meanwhile drops the pending increase', () => {
    const removed = changeLimit(set, null, now);
    expect(removed.pendingRemove).toBe(true);
    expect(effective(removed, new Date(now.getTime() + 1000)).value).toBe(100n);
    expect(effective(removed, new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS)).value).toBeNull();
    const lowered = changeLimit(removed, 50n, new Date(now.getTime() + 1000));
    expect(lowered).toEqual({ value: 50n, pendingValue: null, pendingRemove: false, pendingAt: null });
  });

  it('asking again for an increase restarts the 24 hours', () => {
    const raised = changeLimit(set, 300n, now);
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    const again = changeLimit(raised, 400n, later);
    expect(again.pendingAt!.getTime()).toBe(later.getTime() + LIMIT_INCREASE_DELAY_MS);
  });
});

describe('exclusions', () => {
  const day = 24 * 3_600_000;
  const coolOff = { kind: 'cool_off' as const, until: new Date(now.getTime() + day) };
  it('only lengthen while in force', () => {
    expect(lengthen(null, coolOff, now)).toEqual(coolOff);
    const shorter = { kind: 'cool_off' as const, until: new Date(now.getTime() + day / 2) };
    expect(lengthen(coolOff, shorter, now)).toBeNull();
    const longer = { kind: 'self_exclusion' as const, until: new Date(now.getTime() + 200 * day) };
    expect(lengthen(coolOff, longer, now)).toEqual(longer);
    // A cool-off reaching past a self-exclusion keeps it a self-exclusion.
    const furtherCoolOff = { kind: 'cool_off' as const, until: new Date(now.getTime() + 300 * day) };
    expect(lengthen(longer, furtherCoolOff, now)?.kind).toBe('self_exclusion');
    const permanent = { kind: 'self_exclusion' as const, until: null };
    expect(lengthen(longer, permanent, now)).toEqual(permanent);
    expect(lengthen(permanent, furtherCoolOff, now)).toBeNull();
  });

  it('one that has ended is replaced by any new one', () => {
    const after = new Date(now.getTime() + 2 * day);
    const shortOne = { kind: 'cool_off' as const, until: new Date(after.getTime() + day) };
    expect(lengthen(coolOff, shortOne, after)).toEqual(shortOne);
  });

  it('months are calendar months, clamped at the month end', () => {
    expect(addMonths(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-25T10:00:00Z'), 60).toISOString()).toBe('2031-11-25T10:00:00.000Z');
  });
});
