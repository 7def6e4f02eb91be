// Proves the RTP of roulette over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { expect, it } from 'vitest';
import {
  RTP_TOLERANCE,
  SIMULATION_STAKE,
  SIMULATION_TIMEOUT_MS,
  simulateGameRtp,
  simulationStream,
} from '../node/rtp-simulation.ts';
import { playRoulette, type RouletteBetKind } from './roulette.ts';

const KINDS: RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high'];

it(
  'roulette: one even-chance bet a spin, cycling red, black, odd, even, low, high → 36/37',
  () => {
    const result = simulateGameRtp(
      'roulette',
      36 / 37,
      (nonce) =>
        playRoulette(simulationStream(nonce), [{ kind: KINDS[nonce % 6]!, amount: SIMULATION_STAKE }]).payout,
    );
    console.info(result.line);
    expect(result.deviation).toBeLessThanOrEqual(RTP_TOLERANCE);
  },
  SIMULATION_TIMEOUT_MS,
);
