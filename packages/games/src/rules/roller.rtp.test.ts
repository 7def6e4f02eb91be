// Proves the RTP of roller over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { payoutOf } from '../payout.ts';
import { playRoller } from './roller.ts';

itHasRtp('under 50 000 (1.98×) → 99 %', { name: 'roller', documented: 0.99 }, (nonce) =>
  payoutOf(
    SIMULATION_STAKE,
    playRoller(simulationStream(nonce), { target: 50_000, direction: 'under' }).multiplierBp,
  ),
);
