/**
 * The history's date filter works in the project's local days (the dates its rows show): a chosen day
 * "YYYY-MM-DD" becomes the instant its local midnight falls on, written with the zone's offset so the
 * server's `Instant` reads it exactly ("2026-11-24T00:00:00+07:00").
 */

const DAY_MS = 86_400_000;

/** Offset of `timeZone` from UTC at an instant, in whole minutes (UTC+7 gives 420). */
function offsetMinutes(instantMs: number, timeZone: string): number {
  const values: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(new Date(instantMs)))
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  const wallClock = Date.UTC(values.year!, values.month! - 1, values.day!, values.hour!, values.minute!);
  return Math.round((wallClock - Math.floor(instantMs / 60_000) * 60_000) / 60_000);
}

function withOffset(instantMs: number, minutes: number): string {
  const local = new Date(instantMs + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The instant a local day starts in `timeZone`, as an ISO string with that zone's offset. */
export function dayStart(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, date);
  // A second pass settles a day whose offset differs from the first guess's (daylight saving).
  let offset = offsetMinutes(wallClock, timeZone);
  offset = offsetMinutes(wallClock - offset * 60_000, timeZone);
  return withOffset(wallClock - offset * 60_000, offset);
}

/** The day after a local day. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The local day ("YYYY-MM-DD") of an instant in `timeZone`. */
export function localDay(instantMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instantMs));
}

/** The local day `days` days before `day`. */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The [from, to) instants of a range of local days, both ends inclusive; an end left empty is open.
 * Null when the range is backwards (to before from).
 */
export function dayRange(from: string, to: string, timeZone: string): { from?: string; to?: string } | null {
  if (from && to && to < from) return null;
  return {
    ...(from ? { from: dayStart(from, timeZone) } : {}),
    ...(to ? { to: dayStart(nextDay(to), timeZone) } : {}),
  };
}
