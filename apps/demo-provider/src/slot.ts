import { randomInt } from 'node:crypto';

/**
 * "Buah Emas 5×3": five reels, three rows, ten fixed paylines, pays left to right for 3, 4 or 5 of
 * a kind on a line. A spin's stake is split evenly over the ten lines (line bet = stake / 10); a
 * line pays line bet × the paytable multiplier. The exact RTP over every reel stop is computed by
 * `npm run rtp -w @payhub/demo-provider` and documented in docs/providers.md.
 */
export const SYMBOLS = ['cherry', 'lemon', 'plum', 'bell', 'star', 'seven'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

/** Each reel's strip (the same strip on every reel); a stop shows three consecutive symbols. */
export const REEL: readonly SlotSymbol[] = [
  'cherry',
  'lemon',
  'plum',
  'cherry',
  'bell',
  'lemon',
  'cherry',
  'star',
  'plum',
  'lemon',
  'cherry',
  'seven',
  'lemon',
  'plum',
  'cherry',
  'bell',
  'lemon',
  'cherry',
  'plum',
  'star',
];

/** Multipliers of the line bet for 3, 4 and 5 of a kind. */
export const PAYTABLE: Readonly<Record<SlotSymbol, readonly [number, number, number]>> = {
  cherry: [7, 17, 55],
  lemon: [10, 28, 85],
  plum: [14, 40, 135],
  bell: [34, 135, 500],
  star: [50, 200, 1000],
  seven: [100, 500, 3400],
};

/** The ten paylines: the row (0 top, 1 middle, 2 bottom) on each of the five reels. */
export const PAYLINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];
export const LINES = PAYLINES.length;

/** The grid of five stops: grid[reel][row]. */
export function gridOf(stops: readonly number[]): SlotSymbol[][] {
  return stops.map((stop) => [0, 1, 2].map((row) => REEL[(stop + row) % REEL.length] as SlotSymbol));
}

export interface LineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  multiplier: number;
}

/** The winning lines of a grid and the total multiplier of the line bet. */
export function evaluate(grid: readonly (readonly SlotSymbol[])[]): { wins: LineWin[]; multiplier: number } {
  const wins: LineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const first = grid[0]![rows[0]]!;
    let count = 1;
    while (count < 5 && grid[count]![rows[count]!] === first) count += 1;
    if (count >= 3) wins.push({ line, symbol: first, count, multiplier: PAYTABLE[first][count - 3]! });
  });
  return { wins, multiplier: wins.reduce((sum, win) => sum + win.multiplier, 0) };
}

export interface SpinOutcome {
  stops: number[];
  grid: SlotSymbol[][];
  wins: LineWin[];
  /** Minor units paid for `stake` (stake a multiple of LINES). */
  payout: bigint;
}

export function spin(stake: bigint, random: (max: number) => number = (max) => randomInt(max)): SpinOutcome {
  if (stake <= 0n || stake % BigInt(LINES) !== 0n)
    throw new RangeError(`stake must be a positive multiple of ${LINES}`);
  const stops = Array.from({ length: 5 }, () => random(REEL.length));
  const grid = gridOf(stops);
  const { wins, multiplier } = evaluate(grid);
  return { stops, grid, wins, payout: (stake / BigInt(LINES)) * BigInt(multiplier) };
}

/** The exact return to player: the mean multiplier over every combination of stops, per unit staked. */
export function exactRtp(): number {
  const n = REEL.length;
  let total = 0;
  const stops = [0, 0, 0, 0, 0];
  for (stops[0] = 0; stops[0] < n; stops[0]++)
    for (stops[1] = 0; stops[1] < n; stops[1]++)
      for (stops[2] = 0; stops[2] < n; stops[2]++)
        for (stops[3] = 0; stops[3] < n; stops[3]++)
          for (stops[4] = 0; stops[4] < n; stops[4]++) total += evaluate(gridOf(stops)).multiplier;
  return total / n ** 5 / LINES;
}
