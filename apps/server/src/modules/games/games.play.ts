/**
 * The server's adapter onto the pure rules of @payhub/games: a bet's parameters → its opening state,
 * a move → the next state, a state → what the player may see. No I/O; the service runs it inside the
 * bet's transaction. The whole state (hidden parts included) is what the server stores; `outcomeView`
 * is the only way a state reaches the wire, and it hides what an open game must not show.
 */
import {
  type Asset,
  formatAmount,
  type GameMoveInput,
  type GameOutcomeWire,
  type GameParamsWire,
} from '@payhub/contracts';
import {
  type CoinflipState,
  cashOutCoinflip,
  cashOutFruitBomb,
  cashOutHilo,
  cashOutMines,
  coinflipMultiplierBp,
  diceChance,
  diceMultiplierBp,
  type FloatSource,
  type FruitBombState,
  flipCoinflip,
  fruitBombNextMultipliersBp,
  guessHilo,
  type HiloState,
  hiloNextMultiplierBp,
  type MinesState,
  minesMultiplierBp,
  payoutOf,
  pickFruitBomb,
  playDice,
  playRoller,
  type RouletteBet,
  revealMines,
  rollerMultiplierBp,
  rollerWinningCount,
  roulettePocket,
  type SeedInput,
  settleRoulette,
  startCoinflip,
  startFruitBomb,
  startHilo,
  startMines,
  validateRouletteBets,
} from '@payhub/games';
import { nativeFloatStream } from '@payhub/games/node';

/** The parameters as the service hands them over: roulette chips already parsed to minor units. */
export type PlayParams =
  | { game: 'dice'; target: number; direction: 'under' | 'over' }
  | { game: 'roller'; target: number; direction: 'under' | 'over' }
  | { game: 'roulette'; bets: RouletteBet[] }
  | { game: 'coinflip'; mode: 'single' | 'streak'; side?: 'heads' | 'tails' | undefined }
  | { game: 'mines'; mines: number }
  | { game: 'hilo' }
  | { game: 'fruit-bomb'; bombs: number };

/** A stored game state, tagged by game; single-step games keep their settled outcome. */
export type PlayState =
  | { game: 'dice'; roll: number; win: boolean }
  | { game: 'roller'; number: number; win: boolean }
  | {
      game: 'roulette';
      pocket: number;
      bets: RouletteBet[];
      payout: bigint;
      payouts: bigint[];
      multipliers: bigint[];
    }
  | { game: 'coinflip'; s: CoinflipState }
  | { game: 'mines'; s: MinesState }
  | { game: 'hilo'; s: HiloState }
  | { game: 'fruit-bomb'; s: FruitBombState };

export interface PlayStep {
  state: PlayState;
  /** Settled (won, lost or cashed); an open game takes more moves. */
  settled: boolean;
  /** Current (open) or final multiplier in basis points. */
  multiplierBp: bigint;
  /** What settlement pays (0 while open or lost). */
  payout: bigint;
}

/** Why a bet's parameters or a move are refused (the service maps them to codes). */
export class PlayRefusal extends Error {
  constructor(
    readonly kind: 'bad_params' | 'not_open' | 'nothing_to_cash_out' | 'move_not_allowed',
    message: string,
  ) {
    super(message);
  }
}

/** The edge parameter of a game's config (mines per mine, fruit bomb total), defaults otherwise. */
export interface PlayConfig {
  edgeBp: number | null;
}

/** Refuses impossible parameters before anything is drawn; answers the stake a roulette slip adds up to. */
export function checkParams(params: PlayParams): void {
  switch (params.game) {
    case 'dice':
      if (diceChance(params) === null)
        throw new PlayRefusal('bad_params', 'dice: win chance must be 0.01 %–98 %');
      return;
    case 'roller':
      if (rollerWinningCount(params) === null)
        throw new PlayRefusal(
          'bad_params',
          'roller: the bet must win on 1 … 98 018 numbers (at least 1.01×)',
        );
      return;
    case 'roulette':
      if (validateRouletteBets(params.bets) !== null)
        throw new PlayRefusal('bad_params', 'roulette: not a standard bet on this table');
      return;
    case 'coinflip':
      if (params.mode === 'single' && params.side === undefined)
        throw new PlayRefusal('bad_params', 'coinflip: a single flip needs a side');
      if (params.mode === 'streak' && params.side !== undefined)
        throw new PlayRefusal('bad_params', 'coinflip: a streak calls its sides with moves');
      return;
    default:
      return;
  }
}

/** The most a bet can pay if it wins (single-step games), to refuse it above the max payout (711). */
export function bestPayout(params: PlayParams, stake: bigint): bigint | null {
  switch (params.game) {
    case 'dice':
      return payoutOf(stake, diceMultiplierBp(params));
    case 'roller':
      return payoutOf(stake, rollerMultiplierBp(params));
    case 'roulette': {
      let best = 0n;
      for (let pocket = 0; pocket < 37; pocket += 1) {
        const payout = settleRoulette(pocket, params.bets).payout;
        if (payout > best) best = payout;
      }
      return best;
    }
    case 'coinflip':
      return params.mode === 'single' ? payoutOf(stake, coinflipMultiplierBp(1)) : null;
    default:
      return null;
  }
}

function settledStep(state: PlayState, multiplierBp: bigint, stake: bigint): PlayStep {
  return { state, settled: true, multiplierBp, payout: payoutOf(stake, multiplierBp) };
}

function stepOf(state: PlayState, status: string, multiplierBp: bigint, stake: bigint): PlayStep {
  if (status === 'open') return { state, settled: false, multiplierBp, payout: 0n };
  return settledStep(state, status === 'cashed' ? multiplierBp : 0n, stake);
}

/**
 * Plays the bet's opening: single-step games settle here, multi-step games open. The rules read the
 * seed pair's floats from node:crypto's HMAC (`nativeFloatStream`: the same floats as the pure core's,
 * several times cheaper; the player app and the verifier recompute them with the pure one).
 */
export function startPlay(
  input: SeedInput,
  params: PlayParams,
  stake: bigint,
  config: PlayConfig,
  floatsOf: (input: SeedInput) => FloatSource = nativeFloatStream,
): PlayStep {
  const seed = floatsOf(input);
  switch (params.game) {
    case 'dice': {
      const outcome = playDice(seed, params);
      return settledStep(
        { game: 'dice', roll: outcome.rollHundredths, win: outcome.win },
        outcome.multiplierBp,
        stake,
      );
    }
    case 'roller': {
      const outcome = playRoller(seed, params);
      return settledStep(
        { game: 'roller', number: outcome.number, win: outcome.win },
        outcome.multiplierBp,
        stake,
      );
    }
    case 'roulette': {
      const outcome = settleRoulette(roulettePocket(seed), params.bets);
      const multiplierBp = (outcome.payout * 10_000n) / outcome.stake;
      return {
        state: {
          game: 'roulette',
          pocket: outcome.pocket,
          bets: params.bets,
          payout: outcome.payout,
          payouts: outcome.bets.map((bet) => bet.payout),
          multipliers: outcome.bets.map((bet) => bet.multiplierBp),
        },
        settled: true,
        multiplierBp,
        payout: outcome.payout,
      };
    }
    case 'coinflip': {
      const opened = startCoinflip(seed, params.mode);
      if (params.mode === 'single') {
        const flipped = flipCoinflip(opened, params.side!);
        if (!flipped.ok) throw new PlayRefusal('bad_params', flipped.error);
        const state = flipped.state;
        return stepOf({ game: 'coinflip', s: state }, state.status, state.multiplierBp, stake);
      }
      return { state: { game: 'coinflip', s: opened }, settled: false, multiplierBp: 0n, payout: 0n };
    }
    case 'mines': {
      const opened = startMines(seed, params.mines, { edgePerMineBp: config.edgeBp ?? 3 });
      if (!opened.ok) throw new PlayRefusal('bad_params', opened.error);
      return {
        state: { game: 'mines', s: opened.state },
        settled: false,
        multiplierBp: opened.state.multiplierBp,
        payout: 0n,
      };
    }
    case 'hilo': {
      const opened = startHilo(seed);
      return {
        state: { game: 'hilo', s: opened },
        settled: false,
        multiplierBp: opened.multiplierBp,
        payout: 0n,
      };
    }
    case 'fruit-bomb': {
      const opened = startFruitBomb(seed, params.bombs, { edgeBp: config.edgeBp ?? 200 });
      if (!opened.ok) throw new PlayRefusal('bad_params', opened.error);
      return {
        state: { game: 'fruit-bomb', s: opened.state },
        settled: false,
        multiplierBp: opened.state.multiplierBp,
        payout: 0n,
      };
    }
    default:
      throw new PlayRefusal('bad_params', 'unknown game');
  }
}

function refusalOf(error: string): PlayRefusal {
  if (error === 'game_not_open') return new PlayRefusal('not_open', error);
  if (error === 'nothing_to_cash_out') return new PlayRefusal('nothing_to_cash_out', error);
  return new PlayRefusal('move_not_allowed', error);
}

/** One move on an open game. */
export function movePlay(state: PlayState, move: GameMoveInput, stake: bigint): PlayStep {
  if (state.game === 'mines' && move.move === 'reveal') {
    const step = revealMines(state.s, move.tile);
    if (!step.ok) throw refusalOf(step.error);
    return stepOf({ game: 'mines', s: step.state }, step.state.status, step.state.multiplierBp, stake);
  }
  if (state.game === 'fruit-bomb' && move.move === 'pick') {
    const step = pickFruitBomb(state.s, move.tile);
    if (!step.ok) throw refusalOf(step.error);
    return stepOf({ game: 'fruit-bomb', s: step.state }, step.state.status, step.state.multiplierBp, stake);
  }
  if (state.game === 'hilo' && move.move === 'guess') {
    const step = guessHilo(state.s, move.guess);
    if (!step.ok) throw refusalOf(step.error);
    return stepOf({ game: 'hilo', s: step.state }, step.state.status, step.state.multiplierBp, stake);
  }
  if (state.game === 'coinflip' && move.move === 'flip') {
    const step = flipCoinflip(state.s, move.side);
    if (!step.ok) throw refusalOf(step.error);
    return stepOf({ game: 'coinflip', s: step.state }, step.state.status, step.state.multiplierBp, stake);
  }
  throw new PlayRefusal('move_not_allowed', `a ${move.move} move is not a move of ${state.game}`);
}

/** Cash-out of an open game at its multiplier. */
export function cashOutPlay(state: PlayState, stake: bigint): PlayStep {
  switch (state.game) {
    case 'mines': {
      const step = cashOutMines(state.s);
      if (!step.ok) throw refusalOf(step.error);
      return stepOf({ game: 'mines', s: step.state }, 'cashed', step.state.multiplierBp, stake);
    }
    case 'fruit-bomb': {
      const step = cashOutFruitBomb(state.s);
      if (!step.ok) throw refusalOf(step.error);
      return stepOf({ game: 'fruit-bomb', s: step.state }, 'cashed', step.state.multiplierBp, stake);
    }
    case 'hilo': {
      const step = cashOutHilo(state.s);
      if (!step.ok) throw refusalOf(step.error);
      return stepOf({ game: 'hilo', s: step.state }, 'cashed', step.state.multiplierBp, stake);
    }
    case 'coinflip': {
      const step = cashOutCoinflip(state.s);
      if (!step.ok) throw refusalOf(step.error);
      return stepOf({ game: 'coinflip', s: step.state }, 'cashed', step.state.multiplierBp, stake);
    }
    default:
      throw new PlayRefusal('not_open', 'a single-step game has nothing to cash out');
  }
}

/** Marks a multi-step state settled at its max payout (the cap cashed it out). */
export function capState(state: PlayState): PlayState {
  switch (state.game) {
    case 'mines':
    case 'fruit-bomb':
    case 'hilo':
    case 'coinflip':
      return { ...state, s: { ...state.s, status: 'cashed' } } as PlayState;
    default:
      return state;
  }
}

const bp = (value: bigint): string => value.toString();

/**
 * What the player may see of a state. While `open`, never the mines, bombs, unturned cards or
 * unflipped sides: only moves made and the public multipliers of the next move.
 */
export function outcomeView(state: PlayState, open: boolean, asset: Asset): GameOutcomeWire {
  switch (state.game) {
    case 'dice':
      return { game: 'dice', roll: state.roll, win: state.win };
    case 'roller':
      return { game: 'roller', number: state.number, win: state.win };
    case 'roulette':
      return {
        game: 'roulette',
        pocket: state.pocket,
        bets: state.bets.map((bet, index) => ({
          kind: bet.kind,
          numbers: [...(bet.numbers ?? [])],
          amount: formatAmount(bet.amount, asset),
          multiplierBp: bp(state.multipliers[index] ?? 0n),
          payout: formatAmount(state.payouts[index] ?? 0n, asset),
        })),
      };
    case 'coinflip': {
      const s = state.s;
      const shown = open ? s.calls.length : s.sides.length;
      return {
        game: 'coinflip',
        calls: [...s.calls],
        sides: s.sides.slice(0, shown),
        nextMultiplierBp:
          open && s.calls.length < s.sides.length ? bp(coinflipMultiplierBp(s.calls.length + 1)) : null,
      };
    }
    case 'mines': {
      const s = state.s;
      const canGoOn = open && s.revealed.length < 25 - s.mines;
      return {
        game: 'mines',
        mines: s.mines,
        revealed: [...s.revealed],
        minePositions: open ? null : [...s.minePositions],
        nextMultiplierBp: canGoOn ? bp(minesMultiplierBp(s.mines, s.revealed.length + 1, s.config)) : null,
      };
    }
    case 'hilo': {
      const s = state.s;
      const canGuess = open && s.position < s.cards.length - 1;
      return {
        game: 'hilo',
        cards: open ? s.cards.slice(0, s.position + 1) : [...s.cards],
        position: s.position,
        moves: s.moves.map((move) => ({ guess: move.guess, card: move.card, won: move.won })),
        nextHigherBp: canGuess ? bp(hiloNextMultiplierBp(s, 'higher')) : null,
        nextLowerBp: canGuess ? bp(hiloNextMultiplierBp(s, 'lower')) : null,
      };
    }
    case 'fruit-bomb': {
      const s = state.s;
      const next = open ? fruitBombNextMultipliersBp(s) : {};
      return {
        game: 'fruit-bomb',
        bombs: s.bombs,
        picked: [...s.picked],
        tiles: s.board.map((tile, index) => (!open || s.picked.includes(index) ? tile : null)),
        nextMultipliersBp: Object.fromEntries(
          Object.entries(next).map(([fruit, value]) => [fruit, bp(value as bigint)]),
        ),
      };
    }
    default:
      throw new Error('unknown game state');
  }
}

/** The parameters as kept and answered (roulette chip amounts in wire form). */
export function paramsView(params: PlayParams, asset: Asset): GameParamsWire {
  if (params.game === 'roulette') {
    return {
      game: 'roulette',
      bets: params.bets.map((bet) => ({
        kind: bet.kind,
        numbers: [...(bet.numbers ?? [])],
        amount: formatAmount(bet.amount, asset),
      })),
    };
  }
  return params as GameParamsWire;
}
