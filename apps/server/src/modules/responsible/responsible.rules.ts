import { RESPONSIBLE_MONEY_LIMITS, type ResponsibleMoneyLimit } from '@payhub/contracts';
import { localDay, localDayStartMs } from '../../platform/local-day.ts';

/**
 * The rules of responsible play (issue 14, DESIGN.md §8), pure so they are tested without a
 * database: limit kinds and their periods, when a change applies, exclusion lengths.
 */

/** The money limit kinds: the contracts' list (packages/contracts/src/responsible.ts), not a copy. */
export const MONEY_LIMIT_KINDS = RESPONSIBLE_MONEY_LIMITS;
export type MoneyLimitKind = ResponsibleMoneyLimit;
export type LimitKind = MoneyLimitKind | 'session_minutes';
export type Period = 'day' | 'week' | 'month';

/** An increase or removal of a limit applies this long after the player asked for it. */
export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;
/** A play session ends after this long without a stake; the next stake begins a new one. */
export const SESSION_GAP_MS = 30 * 60 * 1000;
// The bounds a player may choose (cool-off, self-exclusion, session, reality check, statement
// months) are the contracts' RESPONSIBLE_BOUNDS, checked where the endpoints parse their input.

export function periodOf(kind: MoneyLimitKind): Period {
  return kind.slice(kind.indexOf('_') + 1) as Period;
}

export function familyOf(kind: MoneyLimitKind): 'deposit' | 'loss' | 'wager' {
  return kind.slice(0, kind.indexOf('_')) as 'deposit' | 'loss' | 'wager';
}

/** When the current period of `period` began, in the project's time zone (weeks begin on Monday). */
export function periodStart(period: Period, at: Date, timeZone: string): Date {
  const today = localDay(at, timeZone);
  if (period === 'day') return new Date(localDayStartMs(today, timeZone));
  if (period === 'month') return new Date(localDayStartMs(`${today.slice(0, 8)}01`, timeZone));
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(Date.UTC(year, month - 1, date - weekday)).toISOString().slice(0, 10);
  return new Date(localDayStartMs(monday, timeZone));
}

/** The first day (YYYY-MM-01) of the local month `back` months before the month of `at`. */
export function monthStartDay(at: Date, timeZone: string, back: number): string {
  const [year, month] = localDay(at, timeZone).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

export interface LimitRow {
  value: bigint | null;
  pendingValue: bigint | null;
  pendingRemove: boolean;
  pendingAt: Date | null;
}

export const NO_LIMIT: LimitRow = { value: null, pendingValue: null, pendingRemove: false, pendingAt: null };

/** The limit as it stands at `now`: a pending increase or removal whose time has come has applied. */
export function effective(row: LimitRow, now: Date): LimitRow {
  if (row.pendingAt === null || row.pendingAt.getTime() > now.getTime()) return row;
  return { value: row.pendingRemove ? null : row.pendingValue, ...noPending };
}

const noPending = { pendingValue: null, pendingRemove: false, pendingAt: null } as const;

/**
 * A player's change of a limit (`wanted` null removes it): a new limit or a decrease applies at
 * once (and drops any pending increase); an increase or a removal waits 24 hours; asking for what
 * already applies drops a pending change.
 */
export function changeLimit(row: LimitRow, wanted: bigint | null, now: Date): LimitRow {
  const current = effective(row, now).value;
  if (wanted !== null && (current === null || wanted <= current)) return { value: wanted, ...noPending };
  if (wanted === current) return { value: current, ...noPending };
  return {
    value: current,
    pendingValue: wanted,
    pendingRemove: wanted === null,
    pendingAt: new Date(now.getTime() + LIMIT_INCREASE_DELAY_MS),
  };
}

export type ExclusionKind = 'cool_off' | 'self_exclusion';

export interface Exclusion {
  kind: ExclusionKind;
  /** null: permanent. */
  until: Date | null;
}

/** Whether an exclusion is in force at `now`. */
export function excludedAt(exclusion: Exclusion | null, now: Date): boolean {
  return exclusion !== null && (exclusion.until === null || exclusion.until.getTime() > now.getTime());
}

/**
 * A new exclusion asked for while `current` may be in force: it may lengthen, never shorten. Answers
 * the exclusion to store, or null when it would end sooner than the one in force (refused).
 */
export function lengthen(current: Exclusion | null, wanted: Exclusion, now: Date): Exclusion | null {
  if (!excludedAt(current, now)) return wanted;
  const active = current!;
  if (active.until === null) return null;
  if (wanted.until !== null && wanted.until.getTime() < active.until.getTime()) return null;
  // A self-exclusion stays one even when a cool-off reaching further is added.
  return { kind: active.kind === 'self_exclusion' ? 'self_exclusion' : wanted.kind, until: wanted.until };
}

/** `months` calendar months after `from` (the same wall-clock instant in UTC, end-of-month clamped). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
