import { type RouletteBetKind, rouletteCoverage } from '@payhub/games';

/** One chip on the table: a bet kind and the numbers it names (rules/roulette.ts in packages/games). */
export interface RouletteChip {
  kind: RouletteBetKind;
  numbers: number[];
}

/** The inside bets a tap on a number places, chosen above the table. */
export const INSIDE_KINDS = ['straight', 'split', 'street', 'corner', 'sixLine'] as const;
export type InsideKind = (typeof INSIDE_KINDS)[number];

/** What a tap did: placed a chip, or marked (or cleared) the first number of a two-tap bet. */
export type TapResult = { chip: RouletteChip; anchor: null } | { chip: null; anchor: number | null };

const streetStart = (number: number) => number - ((number - 1) % 3);
const valid = (chip: RouletteChip): RouletteChip | null => (rouletteCoverage(chip) ? chip : null);

/** Corner blocks (2 × 2 on the table) that hold both numbers; a diagonal pair names exactly one. */
function cornersHolding(first: number, second: number): RouletteChip[] {
  const blocks: RouletteChip[] = [];
  for (let low = 1; low <= 32; low += 1) {
    const chip = valid({ kind: 'corner', numbers: [low, low + 1, low + 3, low + 4] });
    if (chip?.numbers.includes(first) && chip.numbers.includes(second)) blocks.push(chip);
  }
  return blocks;
}

/**
 * A tap on number `number` in mode `kind`, with `anchor` the number marked by a previous tap.
 * Street and six line take the tapped number's row (six line: with the next row, or the previous one
 * at the table's end); split takes two neighbours; corner two diagonal numbers of one 2 × 2 block.
 * A second tap that does not complete the bet moves the mark; zero takes only straight and split bets.
 */
export function tapNumber(kind: InsideKind, anchor: number | null, number: number): TapResult {
  switch (kind) {
    case 'straight':
      return { chip: { kind, numbers: [number] }, anchor: null };
    case 'street': {
      if (number === 0) return { chip: null, anchor: null };
      const first = streetStart(number);
      return { chip: { kind, numbers: [first, first + 1, first + 2] }, anchor: null };
    }
    case 'sixLine': {
      if (number === 0) return { chip: null, anchor: null };
      const first = Math.min(streetStart(number), 31);
      return {
        chip: { kind, numbers: [first, first + 1, first + 2, first + 3, first + 4, first + 5] },
        anchor: null,
      };
    }
    case 'split': {
      if (anchor === null || anchor === number)
        return { chip: null, anchor: anchor === number ? null : number };
      const chip = valid({ kind, numbers: [anchor, number].sort((left, right) => left - right) });
      return chip ? { chip, anchor: null } : { chip: null, anchor: number };
    }
    case 'corner': {
      if (number === 0) return { chip: null, anchor: null };
      if (anchor === null || anchor === number)
        return { chip: null, anchor: anchor === number ? null : number };
      const blocks = cornersHolding(anchor, number);
      return blocks.length === 1 ? { chip: blocks[0]!, anchor: null } : { chip: null, anchor: number };
    }
  }
}

/** An inside chip other than a straight one: it covers several numbers and shows as a pill in the slip. */
export function isGroupChip(
  chip: RouletteChip,
): chip is RouletteChip & { kind: Exclude<InsideKind, 'straight'> } {
  return chip.kind !== 'straight' && (INSIDE_KINDS as readonly string[]).includes(chip.kind);
}

export const chipKey = (chip: RouletteChip) => `${chip.kind}:${chip.numbers.join('-')}`;
