// Proves the RTP of coinflip over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { expect, it } from 'vitest';
import {
  must,
  RTP_TOLERANCE,
  SIMULATION_STAKE,
  SIMULATION_TIMEOUT_MS,
  simulateGameRtp,
  simulationStream,
} from '../node/rtp-simulation.ts';
import { payoutOf } from '../payout.ts';
import { flipCoinflip, startCoinflip } from './coinflip.ts';

it(
  'coinflip: single-flip bets, heads on even nonces and tails on odd → 99 %',
  () => {
    const result = simulateGameRtp('coinflip', 0.99, (nonce) => {
      const call = nonce % 2 === 0 ? 'heads' : 'tails';
      const flipped = must(flipCoinflip(startCoinflip(simulationStream(nonce), 'single'), call));
      return payoutOf(SIMULATION_STAKE, flipped.multiplierBp);
    });
    console.info(result.line);
    expect(result.deviation).toBeLessThanOrEqual(RTP_TOLERANCE);
  },
  SIMULATION_TIMEOUT_MS,
);
