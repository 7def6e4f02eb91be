// Proves the RTP of fruit bomb over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
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
import { cashOutFruitBomb, pickFruitBomb, startFruitBomb } from './fruit-bomb.ts';

it(
  'fruit bomb: 3 bombs, pick tiles 0 and 1, cash out → 98 %',
  () => {
    const result = simulateGameRtp('fruit bomb', 0.98, (nonce) => {
      let state = must(startFruitBomb(simulationStream(nonce), 3));
      for (const tile of [0, 1]) {
        state = must(pickFruitBomb(state, tile));
        if (state.status === 'busted') return 0n;
      }
      return payoutOf(SIMULATION_STAKE, must(cashOutFruitBomb(state)).multiplierBp);
    });
    console.info(result.line);
    expect(result.deviation).toBeLessThanOrEqual(RTP_TOLERANCE);
  },
  SIMULATION_TIMEOUT_MS,
);
