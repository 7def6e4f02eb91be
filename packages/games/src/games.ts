/**
 * The in-house games of this package, with their documented return to player (docs/games.md) — one
 * list the server (limits and switches per game), the player app (lobby) and the verifier share.
 */
export const GAME_IDS = ['dice', 'coinflip', 'roulette', 'mines', 'hilo', 'roller', 'fruit-bomb'] as const;
export type GameId = (typeof GAME_IDS)[number];

export interface GameInfo {
  /** Whether the game has open state between calls (start → steps → cash out / bust). */
  multiStep: boolean;
  /** Documented RTP in basis points at the default configuration (before flooring to a basis point). */
  returnBp: number;
  /** How the RTP depends on the bet, in one line. */
  returnNote: string;
}

export const GAMES: Readonly<Record<GameId, GameInfo>> = {
  dice: { multiStep: false, returnBp: 9_899, returnNote: '0.99 × 10 000/10 001 = 98.990 % on every target' },
  coinflip: { multiStep: true, returnBp: 9_900, returnNote: '99 % for a single flip and any streak length' },
  roulette: { multiStep: false, returnBp: 9_729, returnNote: '36/37 = 97.297 % on every standard bet' },
  mines: {
    multiStep: true,
    returnBp: 9_997,
    returnNote: '1 − 0.03 % × mines: 99.97 % (1 mine) … 99.28 % (24)',
  },
  hilo: { multiStep: true, returnBp: 9_900, returnNote: '99 % at any cash-out point' },
  roller: { multiStep: false, returnBp: 9_900, returnNote: '99 % on every target (multiplier ≥ 1.01×)' },
  'fruit-bomb': { multiStep: true, returnBp: 9_800, returnNote: '1 − edge, 98 % by default (edge 1–3 %)' },
};

export function isGameId(value: string): value is GameId {
  return (GAME_IDS as readonly string[]).includes(value);
}
