// Proves each game's RTP over 10⁶ deterministic rounds (fixed seed pair, nonces 0…10⁶−1) played through the pure rules lies within ±0.3 points of docs/games.md.
import { describe, expect, it } from 'vitest';
import { type FloatStream, generateFloats } from './fair/seed-pair.ts';
import { nativeFloatStream } from './node/native-floats.ts';
import { payoutOf } from './payout.ts';
import { hiloRank } from './rules/cards.ts';
import { flipCoinflip, startCoinflip } from './rules/coinflip.ts';
import { DICE_PRESETS, playDice } from './rules/dice.ts';
import { cashOutFruitBomb, pickFruitBomb, startFruitBomb } from './rules/fruit-bomb.ts';
import { cashOutHilo, guessHilo, type HiloState, startHilo } from './rules/hilo.ts';
import { cashOutMines, revealMines, startMines } from './rules/mines.ts';
import { playRoller } from './rules/roller.ts';
import { playRoulette, type RouletteBetKind } from './rules/roulette.ts';
import type { StepResult } from './rules/step.ts';

const ROUNDS = 1_000_000;
const SEEDS = {
  serverSeed: 'payhub-games-simulation-server-seed',
  clientSeed: 'payhub-games-simulation',
} as const;
const STAKE = 10_000n;
/** ±0.3 percentage points (the tolerance). */
const TOLERANCE = 0.003;

/**
 * The seed pair's floats from node:crypto's HMAC (the pure-JS HMAC is too slow for 7 × 10⁶ rounds in a
 * test); node/native-floats.test.ts and the first test below prove them the same floats.
 */
function nativeStream(nonce: number): FloatStream {
  return nativeFloatStream({ ...SEEDS, nonce });
}

function must<State>(step: StepResult<State, string>): State {
  if (!step.ok) throw new Error(step.error);
  return step.state;
}

/** Plays `ROUNDS` rounds, one a nonce; `round` returns the payout of a STAKE bet. */
function simulate(round: (nonce: number) => bigint): { rtp: number; sigma: number } {
  let paid = 0;
  let squares = 0;
  for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
    const ratio = Number(round(nonce)) / Number(STAKE);
    paid += ratio;
    squares += ratio * ratio;
  }
  const rtp = paid / ROUNDS;
  const sigma = Math.sqrt((squares / ROUNDS - rtp * rtp) / ROUNDS);
  return { rtp, sigma };
}

function check(game: string, documented: number, round: (nonce: number) => bigint): void {
  const started = performance.now();
  const { rtp, sigma } = simulate(round);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `${game}: RTP ${(rtp * 100).toFixed(3)} % over ${ROUNDS} rounds (documented ${(documented * 100).toFixed(3)} %, σ ${(sigma * 100).toFixed(3)} points, ${seconds} s)`,
  );
  expect(Math.abs(rtp - documented)).toBeLessThanOrEqual(TOLERANCE);
}

const TIMEOUT_MS = 600_000;

describe('simulated RTP, 10⁶ rounds a game', () => {
  it('feeds the rules the very floats of the seed pair', () => {
    for (let nonce = 0; nonce < 2_000; nonce += 1) {
      const stream = nativeStream(nonce);
      const native = Array.from({ length: 16 }, () => stream.next());
      expect(native).toEqual(generateFloats({ ...SEEDS, nonce }, 16));
    }
  });

  it(
    'dice: 2× alternately under 49.50 and over 50.50 → 98.990 %',
    () => {
      check('dice', (0.99 * 10_000) / 10_001, (nonce) => {
        const bet = nonce % 2 === 0 ? DICE_PRESETS['2x'].under : DICE_PRESETS['2x'].over;
        return payoutOf(STAKE, playDice(nativeStream(nonce), bet).multiplierBp);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'coinflip: single-flip bets, heads on even nonces and tails on odd → 99 %',
    () => {
      check('coinflip', 0.99, (nonce) => {
        const call = nonce % 2 === 0 ? 'heads' : 'tails';
        const flipped = must(flipCoinflip(startCoinflip(nativeStream(nonce), 'single'), call));
        return payoutOf(STAKE, flipped.multiplierBp);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'roulette: one even-chance bet a spin, cycling red, black, odd, even, low, high → 36/37',
    () => {
      const kinds: RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high'];
      check(
        'roulette',
        36 / 37,
        (nonce) => playRoulette(nativeStream(nonce), [{ kind: kinds[nonce % 6]!, amount: STAKE }]).payout,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'mines: 3 mines, reveal tiles 0 and 1, cash out → 99.91 %',
    () => {
      check('mines', 1 - 3 * 0.0003, (nonce) => {
        let state = must(startMines(nativeStream(nonce), 3));
        for (const tile of [0, 1]) {
          state = must(revealMines(state, tile));
          if (state.status === 'busted') return 0n;
        }
        return payoutOf(STAKE, must(cashOutMines(state)).multiplierBp);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'hilo: guess the likelier side (higher on A–7, lower on 8–K), cash out after 2 correct guesses → 99 %',
    () => {
      check('hilo', 0.99, (nonce) => {
        // Two correct guesses without skips turn at most 3 cards: derive one HMAC round (8 cards), not 52.
        let state: HiloState = startHilo(nativeStream(nonce), 8);
        while (state.wins < 2) {
          state = must(guessHilo(state, hiloRank(state.cards[state.position]!) <= 7 ? 'higher' : 'lower'));
          if (state.status === 'lost') return 0n;
        }
        return payoutOf(STAKE, must(cashOutHilo(state)).multiplierBp);
      });
    },
    TIMEOUT_MS,
  );

  it(
    'roller: under 50 000 (1.98×) → 99 %',
    () => {
      check('roller', 0.99, (nonce) =>
        payoutOf(STAKE, playRoller(nativeStream(nonce), { target: 50_000, direction: 'under' }).multiplierBp),
      );
    },
    TIMEOUT_MS,
  );

  it(
    'fruit bomb: 3 bombs, pick tiles 0 and 1, cash out → 98 %',
    () => {
      check('fruit bomb', 0.98, (nonce) => {
        let state = must(startFruitBomb(nativeStream(nonce), 3));
        for (const tile of [0, 1]) {
          state = must(pickFruitBomb(state, tile));
          if (state.status === 'busted') return 0n;
        }
        return payoutOf(STAKE, must(cashOutFruitBomb(state)).multiplierBp);
      });
    },
    TIMEOUT_MS,
  );
});
