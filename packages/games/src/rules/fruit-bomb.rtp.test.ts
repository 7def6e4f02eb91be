// Proves the RTP of fruit bomb over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, must, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { payoutOf } from '../payout.ts';
import { cashOutFruitBomb, pickFruitBomb, startFruitBomb } from './fruit-bomb.ts';

itHasRtp(
  '3 bombs, pick tiles 0 and 1, cash out → 98 %',
  { name: 'fruit bomb', documented: 0.98 },
  (nonce) => {
    let state = must(startFruitBomb(simulationStream(nonce), 3));
    for (const tile of [0, 1]) {
      state = must(pickFruitBomb(state, tile));
      if (state.status === 'busted') return 0n;
    }
    return payoutOf(SIMULATION_STAKE, must(cashOutFruitBomb(state)).multiplierBp);
  },
);
