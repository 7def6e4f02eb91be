/**
 * Calendar days in a project's time zone (Asia/Jakarta, America/Mexico_City ...). Statistics and
 * daily quotas count by the local day, never by the UTC day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

function parts(instantMs: number, timeZone: string) {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return values as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/**
 * Per time zone, the last local day asked for and the instants it spans ([from, to) in ms): most
 * callers ask for today's day on every call (a bet's age check), and `formatToParts` is the dear
 * part, so an instant inside the remembered day is answered without it.
 */
const lastDays = new Map<string, { day: string; from: number; to: number }>();

/** The local day ("YYYY-MM-DD") of an instant. */
export function localDay(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const last = lastDays.get(timeZone);
  if (last && ms >= last.from && ms < last.to) return last.day;
  const { year, month, day: date } = parts(ms, timeZone);
  const day = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  const from = localDayStartMs(day, timeZone);
  const to = localDayStartMs(nextDay(day), timeZone);
  if (ms >= from && ms < to) lastDays.set(timeZone, { day, from, to });
  return day;
}

/** Offset of the zone from UTC at an instant, in milliseconds (UTC+7 gives +25 200 000). */
function offsetMs(instantMs: number, timeZone: string): number {
  const p = parts(instantMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant (ms) at which a local day starts. */
export function localDayStartMs(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, date);
  let guess = wallClock - offsetMs(wallClock, timeZone);
  // A second pass settles days whose offset differs from the first guess's (daylight saving).
  guess = wallClock - offsetMs(guess, timeZone);
  return guess;
}

/** The instant at which the local day of `at` starts in a time zone. */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  return new Date(localDayStartMs(localDay(at, timeZone), timeZone));
}

/** The day after a local day. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The day `count` days before a local day. */
export function daysBefore(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - count)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when equal). */
export function dayDistance(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Unix seconds of an instant. */
export const unixSeconds = (instant: Date | number): number =>
  Math.floor((typeof instant === 'number' ? instant : instant.getTime()) / 1000);
