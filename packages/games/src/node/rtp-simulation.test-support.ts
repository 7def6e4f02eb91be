/**
 * One game's RTP test (rules/<game>.rtp.test.ts): simulateGameRtp over the simulation's 10⁶ rounds,
 * its line in the log, and the RTP within ±0.3 points of the documented one (docs/games.md §4).
 */
import { expect, it } from 'vitest';
import { RTP_TOLERANCE, SIMULATION_TIMEOUT_MS, simulateGameRtp } from './rtp-simulation.ts';

export { must, SIMULATION_STAKE, simulationStream } from './rtp-simulation.ts';

export function itHasRtp(
  strategy: string,
  game: { name: string; documented: number },
  round: (nonce: number) => bigint,
): void {
  it(
    `${game.name}: ${strategy}`,
    () => {
      const result = simulateGameRtp(game.name, game.documented, round);
      console.info(result.line);
      expect(result.deviation).toBeLessThanOrEqual(RTP_TOLERANCE);
    },
    SIMULATION_TIMEOUT_MS,
  );
}
