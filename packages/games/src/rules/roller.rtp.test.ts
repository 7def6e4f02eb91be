// Proves the RTP of roller over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { expect, it } from 'vitest';
import {
  RTP_TOLERANCE,
  SIMULATION_STAKE,
  SIMULATION_TIMEOUT_MS,
  simulateGameRtp,
  simulationStream,
} from '../node/rtp-simulation.ts';
import { payoutOf } from '../payout.ts';
import { playRoller } from './roller.ts';

it(
  'roller: under 50 000 (1.98×) → 99 %',
  () => {
    const result = simulateGameRtp('roller', 0.99, (nonce) =>
      payoutOf(
        SIMULATION_STAKE,
        playRoller(simulationStream(nonce), { target: 50_000, direction: 'under' }).multiplierBp,
      ),
    );
    console.info(result.line);
    expect(result.deviation).toBeLessThanOrEqual(RTP_TOLERANCE);
  },
  SIMULATION_TIMEOUT_MS,
);
