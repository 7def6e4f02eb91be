import { formatMoney, type TaskDataRow } from '@payhub/contracts';

/** Counts of one row before formatting; money in minor units. */
export interface Counts {
  applyCount: number;
  completeCount: number;
  depositFirstCount: number;
  depositAllCount: number;
  depositFirstAmount: bigint;
}

/** A (day, promoter) row of the statistics. */
export interface MemberDay extends Counts {
  day: string;
  promoterId: number;
}

/**
 * The completion rule of spec §6, as designed in docs/promo.md:
 * - a row is *complete* when applyCount equals completeCount;
 * - it is *fully complete* when it is complete and has at least one application;
 * - a leader in group mode with a chosen date range counts only fully complete rows; every other
 *   reading counts complete rows.
 */
export type CountingRule = 'complete' | 'fullyComplete';

export function rowCounts(row: Counts, rule: CountingRule): boolean {
  const complete = row.applyCount === row.completeCount;
  return rule === 'fullyComplete' ? complete && row.applyCount > 0 : complete;
}

export const zeroCounts = (): Counts => ({
  applyCount: 0,
  completeCount: 0,
  depositFirstCount: 0,
  depositAllCount: 0,
  depositFirstAmount: 0n,
});

export function addCounts(into: Counts, row: Counts): Counts {
  into.applyCount += row.applyCount;
  into.completeCount += row.completeCount;
  into.depositFirstCount += row.depositFirstCount;
  into.depositAllCount += row.depositAllCount;
  into.depositFirstAmount += row.depositFirstAmount;
  return into;
}

export function toWireRow(date: string, counts: Counts): TaskDataRow {
  return {
    date,
    applyCount: counts.applyCount,
    completeCount: counts.completeCount,
    depositFirstCount: counts.depositFirstCount,
    depositAllCount: counts.depositAllCount,
    depositFirstAmount: formatMoney(counts.depositFirstAmount),
  };
}

/** Every local day from `fromDay` to `toDay`, newest first. */
export function daysNewestFirst(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  let cursor = Date.parse(`${toDay}T00:00:00Z`);
  const first = Date.parse(`${fromDay}T00:00:00Z`);
  while (cursor >= first) {
    days.push(new Date(cursor).toISOString().slice(0, 10));
    cursor -= 86_400_000;
  }
  return days;
}

/**
 * Individual mode (value 0): one row per day as recorded; the summary row (first) adds the days
 * that count under the rule.
 */
export function individualRows(days: string[], rows: MemberDay[]): TaskDataRow[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const summary = zeroCounts();
  const dayRows = days.map((day) => {
    const row = byDay.get(day) ?? { ...zeroCounts(), day, promoterId: 0 };
    if (rowCounts(row, 'complete')) addCounts(summary, row);
    return toWireRow(day, row);
  });
  return [toWireRow('total', summary), ...dayRows];
}

/**
 * Group mode (value 1): each day row adds the (day, promoter) rows that count under the rule;
 * the summary row (first) adds the day rows.
 */
export function groupRows(days: string[], rows: MemberDay[], rule: CountingRule): TaskDataRow[] {
  const byDay = new Map<string, Counts>();
  for (const row of rows) {
    if (!rowCounts(row, rule)) continue;
    addCounts(byDay.get(row.day) ?? byDay.set(row.day, zeroCounts()).get(row.day)!, row);
  }
  const summary = zeroCounts();
  const dayRows = days.map((day) => {
    const counts = byDay.get(day) ?? zeroCounts();
    addCounts(summary, counts);
    return toWireRow(day, counts);
  });
  return [toWireRow('total', summary), ...dayRows];
}
