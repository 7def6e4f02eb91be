/**
 * The reward wheel (issue 17, our design): one spin reads one float of the seed pair and lands on
 * segment i where cumulative weight(0..i-1) ≤ floor(float × total weight) < cumulative weight(0..i).
 * Weights are integers summing to 100, so the chance of segment i is weight / 100 exactly. The prize
 * of each segment is data here (minor units of each local currency), shown by the player app and paid
 * by the server; docs/games.md "Wheel" has the table.
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';

export interface WheelSegment {
  /** Out of WHEEL_WEIGHT_TOTAL. */
  weight: number;
  /** The prize in minor units of each local currency (IDR sen, MXN centavos). */
  prize: { IDR: bigint; MXN: bigint };
}

/** Clockwise from the top of the wheel: small and large prizes alternate so the board looks even. */
export const WHEEL_SEGMENTS: readonly WheelSegment[] = [
  { weight: 30, prize: { IDR: 100_000n, MXN: 100n } },
  { weight: 4, prize: { IDR: 5_000_000n, MXN: 5_000n } },
  { weight: 25, prize: { IDR: 200_000n, MXN: 200n } },
  { weight: 2, prize: { IDR: 10_000_000n, MXN: 10_000n } },
  { weight: 18, prize: { IDR: 500_000n, MXN: 500n } },
  { weight: 1, prize: { IDR: 50_000_000n, MXN: 50_000n } },
  { weight: 12, prize: { IDR: 1_000_000n, MXN: 1_000n } },
  { weight: 8, prize: { IDR: 2_000_000n, MXN: 2_000n } },
];
export const WHEEL_WEIGHT_TOTAL = WHEEL_SEGMENTS.reduce((sum, segment) => sum + segment.weight, 0);

/** The segment index a float in [0, 1) lands on. */
export function wheelSegmentOfFloat(float: number): number {
  const point = Math.floor(float * WHEEL_WEIGHT_TOTAL);
  let cumulative = 0;
  for (let index = 0; index < WHEEL_SEGMENTS.length; index += 1) {
    cumulative += WHEEL_SEGMENTS[index]!.weight;
    if (point < cumulative) return index;
  }
  // float < 1 keeps point < WHEEL_WEIGHT_TOTAL; reaching here is a programmer error.
  throw new Error(`float ${float} outside [0, 1)`);
}

/** The segment a spin of this seed pair and nonce lands on (its first float). */
export function wheelSegment(input: FloatSource): number {
  return wheelSegmentOfFloat(floatsOf(input).next());
}

/** The prize of a segment in a currency, minor units. */
export function wheelPrize(segment: number, currency: keyof WheelSegment['prize']): bigint {
  const found = WHEEL_SEGMENTS[segment];
  if (!found) throw new Error(`no wheel segment ${segment}`);
  return found.prize[currency];
}
