// Proves the RTP of roulette over 10⁶ deterministic rounds lies within ±0.3 points of docs/games.md §4
// (the harness: node/rtp-simulation.ts).
import { itHasRtp, SIMULATION_STAKE, simulationStream } from '../node/rtp-simulation.test-support.ts';
import { playRoulette, type RouletteBetKind } from './roulette.ts';

const KINDS: RouletteBetKind[] = ['red', 'black', 'odd', 'even', 'low', 'high'];

itHasRtp(
  'one even-chance bet a spin, cycling red, black, odd, even, low, high → 36/37',
  { name: 'roulette', documented: 36 / 37 },
  (nonce) =>
    playRoulette(simulationStream(nonce), [{ kind: KINDS[nonce % 6]!, amount: SIMULATION_STAKE }]).payout,
);
