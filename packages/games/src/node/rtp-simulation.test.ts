// Proves the RTP simulation's harness: its floats are the seed pair's, and its RTP is paid ÷ staked.
import { describe, expect, it } from 'vitest';
import { generateFloats } from '../fair/seed-pair.ts';
import {
  SIMULATION_ROUNDS,
  SIMULATION_SEEDS,
  SIMULATION_STAKE,
  simulateRtp,
  simulationStream,
} from './rtp-simulation.ts';

describe('RTP simulation harness', () => {
  it('feeds the rules the very floats of the seed pair', () => {
    for (let nonce = 0; nonce < 2_000; nonce += 1) {
      const stream = simulationStream(nonce);
      const native = Array.from({ length: 16 }, () => stream.next());
      expect(native).toEqual(generateFloats({ ...SIMULATION_SEEDS, nonce }, 16));
    }
  });

  it('answers paid ÷ staked and its standard error', () => {
    // Every fourth round pays 4×: RTP exactly 1, σ = sqrt(Var / n) with Var = 4²/4 − 1 = 3.
    const result = simulateRtp((nonce) => (nonce % 4 === 0 ? SIMULATION_STAKE * 4n : 0n));
    expect(result.rtp).toBe(1);
    expect(result.sigma).toBeCloseTo(Math.sqrt(3 / SIMULATION_ROUNDS), 12);
  });
});
