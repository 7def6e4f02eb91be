/**
 * The RTP simulation's harness (docs/games.md §4): 10⁶ deterministic rounds of one game — a fixed
 * seed pair, nonces 0 … 10⁶−1 — played through the pure rules, each a STAKE bet. Each game's run
 * lives beside its rules (rules/<game>.rtp.test.ts), one file a game, so that the test pool spreads
 * the seven runs over its workers instead of one file running them all in a row at the end.
 *
 * Node-only: the floats come from node:crypto's HMAC (nativeFloatStream), not the pure-JS one, which
 * is too slow for 7 × 10⁶ rounds in a test; rtp-simulation.test.ts proves them the same floats.
 */
import type { FloatStream } from '../fair/seed-pair.ts';
import type { StepResult } from '../rules/step.ts';
import { nativeFloatStream } from './native-floats.ts';

export const SIMULATION_ROUNDS = 1_000_000;
export const SIMULATION_SEEDS = {
  serverSeed: 'payhub-games-simulation-server-seed',
  clientSeed: 'payhub-games-simulation',
} as const;
export const SIMULATION_STAKE = 10_000n;
/** ±0.3 percentage points (the tolerance). */
export const RTP_TOLERANCE = 0.003;
/** A run takes 7–20 s on CI's shared cores; the limit only stops a run gone wrong. */
export const SIMULATION_TIMEOUT_MS = 600_000;

/** The float stream of the simulation's bet `nonce`. */
export function simulationStream(nonce: number): FloatStream {
  return nativeFloatStream({ ...SIMULATION_SEEDS, nonce });
}

/** The state of a step the strategy knows to be legal; a refused step is a bug in the run. */
export function must<State>(step: StepResult<State, string>): State {
  if (!step.ok) throw new Error(step.error);
  return step.state;
}

export interface SimulatedRtp {
  /** Paid ÷ staked over the run. */
  rtp: number;
  /** The standard error of `rtp`. */
  sigma: number;
  seconds: number;
}

/** Plays SIMULATION_ROUNDS rounds, one a nonce; `round` returns the payout of a SIMULATION_STAKE bet. */
export function simulateRtp(round: (nonce: number) => bigint): SimulatedRtp {
  const started = performance.now();
  let paid = 0;
  let squares = 0;
  for (let nonce = 0; nonce < SIMULATION_ROUNDS; nonce += 1) {
    const ratio = Number(round(nonce)) / Number(SIMULATION_STAKE);
    paid += ratio;
    squares += ratio * ratio;
  }
  const rtp = paid / SIMULATION_ROUNDS;
  const sigma = Math.sqrt((squares / SIMULATION_ROUNDS - rtp * rtp) / SIMULATION_ROUNDS);
  return { rtp, sigma, seconds: (performance.now() - started) / 1000 };
}

export interface GameRtp extends SimulatedRtp {
  /** |simulated − documented|, in RTP units (0.003 = 0.3 points). */
  deviation: number;
  /** One line for the log: the run's RTP beside the documented one. */
  line: string;
}

/** simulateRtp for `game`, measured against its documented RTP. */
export function simulateGameRtp(game: string, documented: number, round: (nonce: number) => bigint): GameRtp {
  const result = simulateRtp(round);
  const line = `${game}: RTP ${(result.rtp * 100).toFixed(3)} % over ${SIMULATION_ROUNDS} rounds (documented ${(documented * 100).toFixed(3)} %, σ ${(result.sigma * 100).toFixed(3)} points, ${result.seconds.toFixed(1)} s)`;
  return { ...result, deviation: Math.abs(result.rtp - documented), line };
}
