import { type WingoColour, type WingoSize, wingoColours, wingoSize } from '@payhub/games';

/** How many of a mode's latest draws the trend reads (the history endpoint's most). */
export const TREND_ROUNDS = 100;

/** One number's line of the trend: how often it came, and how many draws ago it last came. */
export interface NumberTrend {
  number: number;
  count: number;
  /** Draws since it last came (0: the latest draw); null when it did not come in the window. */
  missing: number | null;
}

/** What the wingo screen's trend shows of a mode's latest draws. */
export interface WingoTrend {
  draws: number;
  numbers: NumberTrend[];
  sizes: Record<WingoSize, number>;
  /** A draw of 0 or 5 counts for violet and for its other colour (the payout table's rule). */
  colours: Record<WingoColour, number>;
  /** The size the latest draws share and how many in a row; null before any draw. */
  streak: { size: WingoSize; length: number } | null;
}

/** The trend of `results`: a mode's drawn numbers, the latest first. */
export function wingoTrend(results: readonly number[]): WingoTrend {
  const numbers: NumberTrend[] = Array.from({ length: 10 }, (_, number) => ({
    number,
    count: 0,
    missing: null,
  }));
  const sizes: Record<WingoSize, number> = { big: 0, small: 0 };
  const colours: Record<WingoColour, number> = { green: 0, red: 0, violet: 0 };
  for (const [index, result] of results.entries()) {
    const line = numbers[result];
    if (!line) continue;
    line.count += 1;
    line.missing ??= index;
    sizes[wingoSize(result)] += 1;
    for (const colour of wingoColours(result)) colours[colour] += 1;
  }
  let streak: WingoTrend['streak'] = null;
  const first = results[0];
  if (first !== undefined) {
    const size = wingoSize(first);
    let length = 0;
    while (length < results.length && wingoSize(results[length]!) === size) length += 1;
    streak = { size, length };
  }
  return { draws: results.length, numbers, sizes, colours, streak };
}
