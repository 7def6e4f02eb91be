// Proves the RTP of mines over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, must, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { payoutOf } from '../payout.ts';
import { cashOutMines, revealMines, startMines } from './mines.ts';

itHasRtp(
  '3 mines, reveal tiles 0 and 1, cash out → 99.91 %',
  { name: 'mines', documented: 1 - 3 * 0.0003 },
  (nonce) => {
    let state = must(startMines(simulationStream(nonce), 3));
    for (const tile of [0, 1]) {
      state = must(revealMines(state, tile));
      if (state.status === 'busted') return 0n;
    }
    return payoutOf(SIMULATION_STAKE, must(cashOutMines(state)).multiplierBp);
  },
);
