import { rouletteCoverage } from '@payhub/games';
import { describe, expect, it } from 'vitest';
import { tapNumber } from './roulette-picks.ts';

describe('roulette table taps', () => {
  it('places a straight bet with one tap', () => {
    expect(tapNumber('straight', null, 17)).toEqual({
      chip: { kind: 'straight', numbers: [17] },
      anchor: null,
    });
  });

  it('takes the tapped number’s row for a street and two rows for a six line', () => {
    expect(tapNumber('street', null, 14).chip).toEqual({ kind: 'street', numbers: [13, 14, 15] });
    expect(tapNumber('sixLine', null, 14).chip?.numbers).toEqual([13, 14, 15, 16, 17, 18]);
    expect(tapNumber('sixLine', null, 35).chip?.numbers).toEqual([31, 32, 33, 34, 35, 36]);
    expect(tapNumber('street', null, 0)).toEqual({ chip: null, anchor: null });
  });

  it('completes a split on a neighbour and moves the mark otherwise', () => {
    const first = tapNumber('split', null, 17);
    expect(first).toEqual({ chip: null, anchor: 17 });
    expect(tapNumber('split', 17, 20).chip).toEqual({ kind: 'split', numbers: [17, 20] });
    expect(tapNumber('split', 17, 18).chip).toEqual({ kind: 'split', numbers: [17, 18] });
    expect(tapNumber('split', 18, 19)).toEqual({ chip: null, anchor: 19 }); // 18 and 19 are not neighbours
    expect(tapNumber('split', 0, 2).chip).toEqual({ kind: 'split', numbers: [0, 2] });
    expect(tapNumber('split', 17, 17)).toEqual({ chip: null, anchor: null });
  });

  it('completes a corner on a diagonal pair only', () => {
    expect(tapNumber('corner', 1, 5).chip).toEqual({ kind: 'corner', numbers: [1, 2, 4, 5] });
    expect(tapNumber('corner', 4, 2).chip).toEqual({ kind: 'corner', numbers: [1, 2, 4, 5] });
    expect(tapNumber('corner', 2, 5)).toEqual({ chip: null, anchor: 5 }); // neighbours: two blocks hold them
    expect(tapNumber('corner', 3, 7)).toEqual({ chip: null, anchor: 7 }); // across the column edge
  });

  it('only ever produces bets the rules accept', () => {
    for (const kind of ['straight', 'split', 'street', 'corner', 'sixLine'] as const)
      for (let anchor = 0; anchor <= 36; anchor += 1)
        for (let number = 0; number <= 36; number += 1) {
          const { chip } = tapNumber(kind, anchor, number);
          if (chip) expect(rouletteCoverage(chip), `${kind} ${anchor} ${number}`).not.toBeNull();
        }
  });
});
