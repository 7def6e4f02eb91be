// Proves the RTP of coinflip over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, must, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { payoutOf } from '../payout.ts';
import { flipCoinflip, startCoinflip } from './coinflip.ts';

itHasRtp(
  'single-flip bets, heads on even nonces and tails on odd → 99 %',
  { name: 'coinflip', documented: 0.99 },
  (nonce) => {
    const call = nonce % 2 === 0 ? 'heads' : 'tails';
    const flipped = must(flipCoinflip(startCoinflip(simulationStream(nonce), 'single'), call));
    return payoutOf(SIMULATION_STAKE, flipped.multiplierBp);
  },
);
