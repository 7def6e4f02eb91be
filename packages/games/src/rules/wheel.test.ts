// Proves the wheel maps the first float through the cumulative weights, covers every segment at its exact share, and pins test vectors.
import { describe, expect, it } from 'vitest';
import { generateFloats } from '../fair/seed-pair.ts';
import { PUBLISHED_SEEDS } from '../fair/vectors.ts';
import { verify } from '../verify.ts';
import {
  WHEEL_SEGMENTS,
  WHEEL_WEIGHT_TOTAL,
  wheelPrize,
  wheelSegment,
  wheelSegmentOfFloat,
} from './wheel.ts';

describe('wheel', () => {
  it('has integer weights summing to 100 and a prize per currency', () => {
    expect(WHEEL_WEIGHT_TOTAL).toBe(100);
    for (const segment of WHEEL_SEGMENTS) {
      expect(Number.isInteger(segment.weight) && segment.weight > 0).toBe(true);
      expect(segment.prize.IDR > 0n && segment.prize.MXN > 0n).toBe(true);
    }
  });

  it('lands each of the 100 weight points on the segment that owns it (exact shares)', () => {
    const hits = new Array<number>(WHEEL_SEGMENTS.length).fill(0);
    for (let point = 0; point < 100; point += 1) {
      const index = wheelSegmentOfFloat(point / 100 + 0.001);
      hits[index] = (hits[index] ?? 0) + 1;
    }
    expect(hits).toEqual(WHEEL_SEGMENTS.map((segment) => segment.weight));
    expect(wheelSegmentOfFloat(0)).toBe(0);
    expect(wheelSegmentOfFloat(0.3)).toBe(1);
    expect(wheelSegmentOfFloat(0.299_999)).toBe(0);
    expect(wheelSegmentOfFloat(0.999_999)).toBe(7);
    expect(() => wheelSegmentOfFloat(1)).toThrow();
  });

  it('reads the first float of the seed pair (same as the verifier)', () => {
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const input = { serverSeed: 'wheel', clientSeed: 'client', nonce };
      const segment = wheelSegment(input);
      expect(segment).toBe(wheelSegmentOfFloat(generateFloats(input, 1)[0]!));
      expect(verify('wheel', 'wheel', 'client', nonce)).toMatchObject({ segment });
    }
  });

  it('pins a test vector', () => {
    // Float 0.7467032722197473 (the published vector) → point 74 → segment 4 (cumulative weights 61..79).
    const input = { ...PUBLISHED_SEEDS, nonce: 1 };
    expect(generateFloats(input, 1)[0]).toBe(0.7467032722197473);
    expect(wheelSegment(input)).toBe(4);
    expect(verify('wheel', input.serverSeed, input.clientSeed, 1)).toEqual({
      segment: 4,
      weight: 18,
      prizeMinor: { IDR: '500000', MXN: '500' },
    });
    expect(wheelPrize(4, 'IDR')).toBe(500_000n);
    expect(() => wheelPrize(8, 'MXN')).toThrow();
  });
});
