// Proves crash points equal bustabit v2's published algorithm (its chain, salt and game #1, and an independent node:crypto transcription over thousands of hashes), and the curve, cash-out and 200× cap rules.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainStep } from '../fair/hash-chain.ts';
import { BUSTABIT_V2 } from '../fair/round-vectors.ts';
import {
  CRASH_MAX_PAYOUT_CENTS,
  crashAutoSettlement,
  crashElapsedFor,
  crashManualCashOut,
  crashMultiplierAt,
  crashPayout,
  crashPointCents,
  crashPointNumber,
  isValidAutoCashOut,
} from './crash.ts';

/** The published gameResult (bustabit v2 verifier), transcribed on node:crypto, returning bustabit's number. */
function published(gameHash: string, salt: string): number {
  const digest = createHmac('sha256', salt).update(Buffer.from(gameHash, 'hex')).digest('hex');
  const r = Number.parseInt(digest.slice(0, 13), 16);
  const x = 99 / (1 - r / 2 ** 52);
  return Math.max(1, Math.floor(x) / 100);
}

describe('crash point (bustabit v2)', () => {
  it("gives bustabit's game #1 of the v2 chain 15.49×", () => {
    const cents = crashPointCents(BUSTABIT_V2.game1Hash, BUSTABIT_V2.salt);
    expect(cents).toBe(1_549);
    expect(crashPointNumber(cents)).toBe(BUSTABIT_V2.game1Crash);
  });

  it('agrees with the published algorithm on 20,000 hashes of the v2 chain walked from game #1 and another salt', () => {
    let hash: string = BUSTABIT_V2.game1Hash;
    const otherSalt = createHash('sha256').update('block').digest('hex');
    let instant = 0;
    let atLeastTwo = 0;
    const n = 20_000;
    for (let index = 0; index < n; index += 1) {
      const cents = crashPointCents(hash, BUSTABIT_V2.salt);
      expect(crashPointNumber(cents)).toBe(published(hash, BUSTABIT_V2.salt));
      if (index % 10 === 0)
        expect(crashPointNumber(crashPointCents(hash, otherSalt))).toBe(published(hash, otherSalt));
      if (cents === 100) instant += 1;
      if (cents >= 200) atLeastTwo += 1;
      hash = chainStep(hash);
    }
    // P(crash < 1.01) ≈ 1.98 %, P(crash ≥ 2) = 49.5 %: loose statistical bounds (≈ 5 σ).
    expect(instant / n).toBeGreaterThan(0.0135);
    expect(instant / n).toBeLessThan(0.0265);
    expect(atLeastTwo / n).toBeGreaterThan(0.477);
    expect(atLeastTwo / n).toBeLessThan(0.513);
  });

  it('refuses malformed input', () => {
    expect(() => crashPointCents('abc', BUSTABIT_V2.salt)).toThrow(RangeError);
    expect(() => crashPointCents(BUSTABIT_V2.game1Hash, '')).toThrow(RangeError);
  });
});

describe('crash round rules', () => {
  it('grows on e^(0.00006 t): 1.00× at 0, 2.00× after about 11.55 s, monotone', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    let last = 100;
    for (let ms = 0; ms < 60_000; ms += 7) {
      const cents = crashMultiplierAt(ms);
      expect(cents).toBeGreaterThanOrEqual(last);
      last = cents;
    }
  });

  it('busts at the first millisecond reaching the crash point; a cash-out before pays the curve, at or after is refused', () => {
    for (const crash of [100, 101, 150, 200, 1_549, 19_999, 20_000, 50_000]) {
      const bust = crashElapsedFor(crash);
      expect(crashMultiplierAt(bust)).toBeGreaterThanOrEqual(crash);
      if (bust > 0) expect(crashMultiplierAt(bust - 1)).toBeLessThan(crash);
      expect(crashManualCashOut(crash, bust)).toEqual({ kind: 'refused', reason: 'busted' });
      if (bust > 0) {
        const before = crashManualCashOut(crash, bust - 1);
        expect(before).toEqual({
          kind: 'paid',
          cents: Math.min(crashMultiplierAt(bust - 1), CRASH_MAX_PAYOUT_CENTS),
        });
      }
    }
    expect(crashManualCashOut(1_000, -5)).toEqual({ kind: 'refused', reason: 'not-running' });
  });

  it('settles riding bets at their auto target when reached, at 200× when the round passes the cap', () => {
    expect(crashAutoSettlement(1_549, 300)).toBe(300);
    expect(crashAutoSettlement(1_549, 1_549)).toBe(1_549);
    expect(crashAutoSettlement(1_549, 1_550)).toBeNull();
    expect(crashAutoSettlement(1_549, null)).toBeNull();
    expect(crashAutoSettlement(20_000, null)).toBe(20_000);
    expect(crashAutoSettlement(987_654, null)).toBe(20_000);
    expect(crashAutoSettlement(987_654, 50_000)).toBe(20_000);
  });

  it('accepts auto cash-out targets above 2.00× up to 200× and pays floor(stake × cents / 100)', () => {
    expect(isValidAutoCashOut(200)).toBe(false);
    expect(isValidAutoCashOut(201)).toBe(true);
    expect(isValidAutoCashOut(20_000)).toBe(true);
    expect(isValidAutoCashOut(20_001)).toBe(false);
    expect(crashPayout(1_000n, 1_549)).toBe(15_490n);
    expect(crashPayout(333n, 101)).toBe(336n);
  });
});
