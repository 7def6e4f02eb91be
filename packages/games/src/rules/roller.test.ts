// Proves roller numbers span 1–99 999, bets price at 0.99/chance with a 1.01× floor, and every valid bet returns 99 %.
import { describe, expect, it } from 'vitest';
import { generateFloats } from '../fair/seed-pair.ts';
import {
  isValidRollerBet,
  playRoller,
  ROLLER_WINNING_MAX,
  rollerMultiplierBp,
  rollerNumber,
  rollerWinningCount,
  rollerWins,
} from './roller.ts';

describe('roller', () => {
  it('maps the first float to floor(f × 99 999) + 1', () => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const input = { serverSeed: 'roller', clientSeed: 'client', nonce };
      expect(rollerNumber(input)).toBe(Math.floor(generateFloats(input, 1)[0]! * 99_999) + 1);
    }
  });

  it('keeps every multiplier at or above 1.01× and refuses the targets beyond it', () => {
    expect(ROLLER_WINNING_MAX).toBe(98_018);
    expect(rollerMultiplierBp({ target: 98_019, direction: 'under' })).toBe(10_100n);
    expect(isValidRollerBet({ target: 98_020, direction: 'under' })).toBe(false);
    expect(rollerMultiplierBp({ target: 1_981, direction: 'over' })).toBe(10_100n);
    expect(isValidRollerBet({ target: 1_980, direction: 'over' })).toBe(false);
    expect(rollerMultiplierBp({ target: 50_000, direction: 'under' })).toBe(19_800n);
    for (const target of [0, 1, 99_999, 100_000, 2.5]) {
      expect(isValidRollerBet({ target, direction: target === 1 ? 'under' : 'over' })).toBe(false);
    }
  });

  it('wins under on number < target and over on number > target', () => {
    expect([
      rollerWins({ target: 10, direction: 'under' }, 9),
      rollerWins({ target: 10, direction: 'under' }, 10),
    ]).toEqual([true, false]);
    expect([
      rollerWins({ target: 10, direction: 'over' }, 11),
      rollerWins({ target: 10, direction: 'over' }, 10),
    ]).toEqual([true, false]);
    const input = { serverSeed: 'roller', clientSeed: 'client', nonce: 1 };
    const number = rollerNumber(input);
    expect(playRoller(input, { target: number + 1, direction: 'under' }).win).toBe(
      number + 1 >= 2 && number + 1 <= 98_019,
    );
  });

  it('returns at most 99 % and more than 98.99 % on every valid bet', () => {
    for (const direction of ['under', 'over'] as const) {
      for (let target = 1; target <= 99_999; target += 7) {
        const bet = { target, direction };
        const count = rollerWinningCount(bet);
        if (count === null) continue;
        const rtp = (count * Number(rollerMultiplierBp(bet))) / 99_999 / 10_000;
        expect(rtp).toBeLessThanOrEqual(0.99 + 1e-12);
        expect(rtp).toBeGreaterThan(0.9899);
      }
    }
  });
});
