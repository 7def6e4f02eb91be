// Proves the RTP of hilo over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, must, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { payoutOf } from '../payout.ts';
import { hiloRank } from './cards.ts';
import { cashOutHilo, guessHilo, type HiloState, startHilo } from './hilo.ts';

itHasRtp(
  'guess the likelier side (higher on A–7, lower on 8–K), cash out after 2 correct guesses → 99 %',
  { name: 'hilo', documented: 0.99 },
  (nonce) => {
    // Two correct guesses without skips turn at most 3 cards: derive one HMAC round (8 cards), not 52.
    let state: HiloState = startHilo(simulationStream(nonce), 8);
    while (state.wins < 2) {
      state = must(guessHilo(state, hiloRank(state.cards[state.position]!) <= 7 ? 'higher' : 'lower'));
      if (state.status === 'lost') return 0n;
    }
    return payoutOf(SIMULATION_STAKE, must(cashOutHilo(state)).multiplierBp);
  },
);
