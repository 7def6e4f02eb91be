// Proves roulette pockets follow Stake's mapping (published pockets), the table geometry of every standard bet, and 36/37 RTP on each.
import { describe, expect, it } from 'vitest';
import { PUBLISHED_ROULETTE, PUBLISHED_SEEDS } from '../fair/vectors.ts';
import {
  type RouletteBet,
  rouletteCoverage,
  roulettePocket,
  settleRoulette,
  validateRouletteBets,
} from './roulette.ts';

/** Every standard bet on the table, enumerated independently of rouletteCoverage's rules. */
function allBets(): Omit<RouletteBet, 'amount'>[] {
  const bets: Omit<RouletteBet, 'amount'>[] = [];
  for (let number = 0; number <= 36; number += 1) bets.push({ kind: 'straight', numbers: [number] });
  for (const pair of [
    [0, 1],
    [0, 2],
    [0, 3],
  ])
    bets.push({ kind: 'split', numbers: pair });
  for (let row = 0; row < 12; row += 1) {
    const first = 3 * row + 1;
    bets.push(
      { kind: 'split', numbers: [first, first + 1] },
      { kind: 'split', numbers: [first + 1, first + 2] },
    );
    bets.push({ kind: 'street', numbers: [first, first + 1, first + 2] });
    if (row < 11) {
      for (let column = 0; column < 3; column += 1)
        bets.push({ kind: 'split', numbers: [first + column, first + column + 3] });
      bets.push({ kind: 'corner', numbers: [first, first + 1, first + 3, first + 4] });
      bets.push({ kind: 'corner', numbers: [first + 1, first + 2, first + 4, first + 5] });
      bets.push({ kind: 'sixLine', numbers: [first, first + 1, first + 2, first + 3, first + 4, first + 5] });
    }
  }
  for (const which of [1, 2, 3])
    bets.push({ kind: 'dozen', numbers: [which] }, { kind: 'column', numbers: [which] });
  for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) bets.push({ kind });
  return bets;
}

describe('roulette', () => {
  it('reproduces the published Stake pockets', () => {
    for (const { nonce, pocket } of PUBLISHED_ROULETTE)
      expect(roulettePocket({ ...PUBLISHED_SEEDS, nonce })).toBe(pocket);
  });

  it('accepts the 157 standard bets of the layout (37 straight, 60 split, 12 street, 22 corner, 11 six line, 3+3, 6 even chances)', () => {
    const bets = allBets();
    expect(bets).toHaveLength(37 + 60 + 12 + 22 + 11 + 6 + 6);
    for (const bet of bets) expect(rouletteCoverage(bet), JSON.stringify(bet)).not.toBeNull();
    const red = rouletteCoverage({ kind: 'red' })!;
    const black = rouletteCoverage({ kind: 'black' })!;
    expect(red).toHaveLength(18);
    expect(black).toHaveLength(18);
    expect(red.filter((number) => black.includes(number))).toEqual([]);
    expect(rouletteCoverage({ kind: 'column', numbers: [2] })).toEqual([
      2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35,
    ]);
    expect(rouletteCoverage({ kind: 'dozen', numbers: [3] })).toEqual(
      Array.from({ length: 12 }, (_, index) => 25 + index),
    );
  });

  it('refuses bets that are not on the table', () => {
    const invalid: Omit<RouletteBet, 'amount'>[] = [
      { kind: 'straight', numbers: [37] },
      { kind: 'straight', numbers: [] },
      { kind: 'split', numbers: [3, 4] },
      { kind: 'split', numbers: [0, 4] },
      { kind: 'split', numbers: [5, 5] },
      { kind: 'street', numbers: [2, 3, 4] },
      { kind: 'corner', numbers: [3, 4, 6, 7] },
      { kind: 'corner', numbers: [34, 35, 37, 38] },
      { kind: 'sixLine', numbers: [34, 35, 36, 37, 38, 39] },
      { kind: 'dozen', numbers: [4] },
      { kind: 'column', numbers: [0] },
      { kind: 'red', numbers: [1] },
      { kind: 'basket' as 'red' },
    ];
    for (const bet of invalid) expect(rouletteCoverage(bet), JSON.stringify(bet)).toBeNull();
    expect(validateRouletteBets([{ kind: 'red', amount: 0n }])).toBe('invalid_bet');
    expect(validateRouletteBets([])).toBe('too_many_bets');
  });

  it('pays 36/n on a hit, loses outside bets on zero, and returns exactly 36/37 on every bet', () => {
    const slip: RouletteBet[] = [
      { kind: 'straight', numbers: [17], amount: 100n },
      { kind: 'split', numbers: [17, 20], amount: 100n },
      { kind: 'corner', numbers: [13, 14, 16, 17], amount: 100n },
      { kind: 'black', amount: 100n },
      { kind: 'odd', amount: 333n },
    ];
    const outcome = settleRoulette(17, slip);
    expect(outcome.bets.map((bet) => bet.payout)).toEqual([3_600n, 1_800n, 900n, 200n, 666n]);
    expect([outcome.stake, outcome.payout]).toEqual([733n, 7_166n]);
    expect(settleRoulette(0, [{ kind: 'even', amount: 100n }]).payout).toBe(0n);
    for (const bet of allBets()) {
      let returned = 0n;
      for (let pocket = 0; pocket < 37; pocket += 1)
        returned += settleRoulette(pocket, [{ ...bet, amount: 10_000n }]).payout;
      // Σ over the 37 equally likely pockets of the payout of a 10 000 stake = 36 × 10 000.
      expect(returned, JSON.stringify(bet)).toBe(360_000n);
    }
  });
});
