// Proves the RTP of dice over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { payoutOf } from '../payout.ts';
import { DICE_PRESETS, playDice } from './dice.ts';

itHasRtp(
  '2× alternately under 49.50 and over 50.50 → 98.990 %',
  { name: 'dice', documented: (0.99 * 10_000) / 10_001 },
  (nonce) => {
    const bet = nonce % 2 === 0 ? DICE_PRESETS['2x'].under : DICE_PRESETS['2x'].over;
    return payoutOf(SIMULATION_STAKE, playDice(simulationStream(nonce), bet).multiplierBp);
  },
);
