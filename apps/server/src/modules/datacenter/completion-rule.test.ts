// Proves the completion rule and the summary row of the data center against hand-computed tables.
import { describe, expect, it } from 'vitest';
import { daysNewestFirst, groupRows, individualRows, type MemberDay, rowCounts } from './completion-rule.ts';

const row = (
  day: string,
  promoterId: number,
  [applyCount, completeCount, depositFirstCount, depositAllCount]: [number, number, number, number],
  depositFirstAmount: bigint,
): MemberDay => ({
  day,
  promoterId,
  applyCount,
  completeCount,
  depositFirstCount,
  depositAllCount,
  depositFirstAmount,
});

const D1 = '2026-11-20';
const D2 = '2026-11-21';
// A: complete and fully complete; B on D1: incomplete; C: complete but empty (deposits of older sign-ups).
const TABLE: MemberDay[] = [
  row(D1, 1, [2, 2, 1, 2], 50_000n),
  row(D1, 2, [1, 0, 1, 1], 10_000n),
  row(D1, 3, [0, 0, 0, 3], 0n),
  row(D2, 1, [1, 1, 0, 0], 0n),
  row(D2, 2, [3, 3, 2, 2], 25_050n),
];
const wire = (date: string, counts: [number, number, number, number], amount: string) => ({
  date,
  applyCount: counts[0],
  completeCount: counts[1],
  depositFirstCount: counts[2],
  depositAllCount: counts[3],
  depositFirstAmount: amount,
});

describe('the completion rule', () => {
  it('calls a row complete when applyCount equals completeCount, fully complete when it also has one', () => {
    expect(rowCounts(TABLE[0]!, 'complete')).toBe(true);
    expect(rowCounts(TABLE[1]!, 'complete')).toBe(false);
    expect(rowCounts(TABLE[2]!, 'complete')).toBe(true);
    expect(rowCounts(TABLE[2]!, 'fullyComplete')).toBe(false);
    expect(rowCounts(TABLE[0]!, 'fullyComplete')).toBe(true);
  });

  it('group rows add only counting member rows; the summary comes first (rule: complete)', () => {
    expect(groupRows([D2, D1], TABLE, 'complete')).toEqual([
      wire('total', [6, 6, 3, 7], '750.50'),
      wire(D2, [4, 4, 2, 2], '250.50'),
      wire(D1, [2, 2, 1, 5], '500.00'),
    ]);
  });

  it('a leader with a date range counts only fully complete rows', () => {
    expect(groupRows([D2, D1], TABLE, 'fullyComplete')).toEqual([
      wire('total', [6, 6, 3, 4], '750.50'),
      wire(D2, [4, 4, 2, 2], '250.50'),
      wire(D1, [2, 2, 1, 2], '500.00'),
    ]);
  });

  it('individual rows show every day as recorded; the summary adds the complete days', () => {
    const promoterB = TABLE.filter((entry) => entry.promoterId === 2);
    expect(individualRows([D2, D1], promoterB)).toEqual([
      wire('total', [3, 3, 2, 2], '250.50'),
      wire(D2, [3, 3, 2, 2], '250.50'),
      wire(D1, [1, 0, 1, 1], '100.00'),
    ]);
  });

  it('fills days without events with zero rows, newest first', () => {
    expect(daysNewestFirst('2026-02-27', '2026-03-01')).toEqual(['2026-03-01', '2026-02-28', '2026-02-27']);
    expect(individualRows(['2026-03-01'], [])).toEqual([
      wire('total', [0, 0, 0, 0], '0.00'),
      wire('2026-03-01', [0, 0, 0, 0], '0.00'),
    ]);
  });
});
