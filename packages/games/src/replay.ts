/**
 * Replays a recorded bet — its seed pair, parameters and the player's moves — through the same rules
 * and returns how it ended, so the server can re-verify every settled bet after a rotation and the
 * fairness page can show each step. An illegal recorded move is reported, not skipped.
 */
import type { SeedInput } from './fair/seed-pair.ts';
import { type CoinSide, cashOutCoinflip, flipCoinflip, startCoinflip } from './rules/coinflip.ts';
import { type DiceBet, isValidDiceBet, playDice } from './rules/dice.ts';
import { cashOutFruitBomb, type FruitBombConfig, pickFruitBomb, startFruitBomb } from './rules/fruit-bomb.ts';
import { cashOutHilo, guessHilo, type HiloGuess, startHilo } from './rules/hilo.ts';
import { cashOutMines, type MinesConfig, revealMines, startMines } from './rules/mines.ts';
import { isValidRollerBet, playRoller, type RollerBet } from './rules/roller.ts';
import { playRoulette, type RouletteBet, validateRouletteBets } from './rules/roulette.ts';
import type { StepResult } from './rules/step.ts';

export type ReplayBet =
  | { game: 'dice'; bet: DiceBet }
  | { game: 'roller'; bet: RollerBet }
  | { game: 'roulette'; bets: RouletteBet[] }
  | { game: 'coinflip'; mode: 'single' | 'streak'; calls: CoinSide[]; cashOut: boolean }
  | { game: 'mines'; mines: number; tiles: number[]; cashOut: boolean; config?: MinesConfig }
  | { game: 'hilo'; guesses: HiloGuess[]; cashOut: boolean }
  | { game: 'fruit-bomb'; bombs: number; tiles: number[]; cashOut: boolean; config?: FruitBombConfig };

/** `open`: the moves left the game unfinished (no cash-out recorded, no loss). */
export type ReplayResult =
  | { ok: true; status: 'won' | 'lost' | 'open'; multiplierBp: bigint }
  | { ok: false; error: string; move: number };

function walk<State extends { status: string; multiplierBp: bigint }>(
  start: StepResult<State, string>,
  moves: readonly ((state: State) => StepResult<State, string>)[],
): ReplayResult {
  if (!start.ok) return { ok: false, error: start.error, move: 0 };
  let state = start.state;
  for (const [index, move] of moves.entries()) {
    const step = move(state);
    if (!step.ok) return { ok: false, error: step.error, move: index + 1 };
    state = step.state;
  }
  if (state.status === 'open') return { ok: true, status: 'open', multiplierBp: state.multiplierBp };
  return { ok: true, status: state.multiplierBp > 0n ? 'won' : 'lost', multiplierBp: state.multiplierBp };
}

export function replay(seed: SeedInput, bet: ReplayBet): ReplayResult {
  switch (bet.game) {
    case 'dice': {
      if (!isValidDiceBet(bet.bet)) return { ok: false, error: 'invalid_bet', move: 0 };
      const outcome = playDice(seed, bet.bet);
      return { ok: true, status: outcome.win ? 'won' : 'lost', multiplierBp: outcome.multiplierBp };
    }
    case 'roller': {
      if (!isValidRollerBet(bet.bet)) return { ok: false, error: 'invalid_bet', move: 0 };
      const outcome = playRoller(seed, bet.bet);
      return { ok: true, status: outcome.win ? 'won' : 'lost', multiplierBp: outcome.multiplierBp };
    }
    case 'roulette': {
      const error = validateRouletteBets(bet.bets);
      if (error !== null) return { ok: false, error, move: 0 };
      const outcome = playRoulette(seed, bet.bets);
      // A slip's multiplier is its total return over its total stake.
      const multiplierBp = (outcome.payout * 10_000n) / outcome.stake;
      return { ok: true, status: outcome.payout > 0n ? 'won' : 'lost', multiplierBp };
    }
    case 'coinflip':
      return walk({ ok: true, state: startCoinflip(seed, bet.mode) }, [
        ...bet.calls.map((call) => (state: Parameters<typeof flipCoinflip>[0]) => flipCoinflip(state, call)),
        ...(bet.cashOut ? [cashOutCoinflip] : []),
      ]);
    case 'mines':
      return walk(startMines(seed, bet.mines, bet.config), [
        ...bet.tiles.map((tile) => (state: Parameters<typeof revealMines>[0]) => revealMines(state, tile)),
        ...(bet.cashOut ? [cashOutMines] : []),
      ]);
    case 'hilo':
      return walk({ ok: true, state: startHilo(seed) }, [
        ...bet.guesses.map((guess) => (state: Parameters<typeof guessHilo>[0]) => guessHilo(state, guess)),
        ...(bet.cashOut ? [cashOutHilo] : []),
      ]);
    case 'fruit-bomb':
      return walk(startFruitBomb(seed, bet.bombs, bet.config), [
        ...bet.tiles.map(
          (tile) => (state: Parameters<typeof pickFruitBomb>[0]) => pickFruitBomb(state, tile),
        ),
        ...(bet.cashOut ? [cashOutFruitBomb] : []),
      ]);
    default:
      return { ok: false, error: 'unknown_game', move: 0 };
  }
}
