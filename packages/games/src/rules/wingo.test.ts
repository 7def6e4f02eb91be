// Proves the wingo draw is uniform and matches its documented byte mapping, and (property test) every payout of random bet sets equals the documented table.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainStep } from '../fair/hash-chain.ts';
import { BUSTABIT_V2 } from '../fair/round-vectors.ts';
import { parseWingoPick, type WingoPick, wingoNumber, wingoPayout, wingoPickKey } from './wingo.ts';

const GREEN = [1, 3, 5, 7, 9];
const RED = [0, 2, 4, 6, 8];

/** The documented table, written out independently of the implementation (× 100). */
function tableReturnHundredths(pick: WingoPick, n: number): bigint {
  if (pick.kind === 'number') return pick.number === n ? 950n : 0n;
  if (pick.kind === 'size') return n >= 5 === (pick.size === 'big') ? 190n : 0n;
  if (pick.colour === 'violet') return n === 0 || n === 5 ? 475n : 0n;
  const members = pick.colour === 'green' ? GREEN : RED;
  if (!members.includes(n)) return 0n;
  return n === 0 || n === 5 ? 150n : 200n;
}

const pickArb: fc.Arbitrary<WingoPick> = fc.oneof(
  fc.constantFrom('green', 'red', 'violet').map((colour) => ({ kind: 'colour', colour }) as WingoPick),
  fc.integer({ min: 0, max: 9 }).map((number) => ({ kind: 'number', number }) as WingoPick),
  fc.constantFrom('big', 'small').map((size) => ({ kind: 'size', size }) as WingoPick),
);

describe('wingo', () => {
  it('draws by the documented mapping: first HMAC byte below 250, mod 10', () => {
    let hash: string = BUSTABIT_V2.game1Hash;
    for (let index = 0; index < 500; index += 1) {
      const digest = createHmac('sha256', 'salt-x').update(Buffer.from(hash, 'hex')).digest();
      const byte = [...digest].find((b) => b < 250)!;
      expect(wingoNumber(hash, 'salt-x')).toBe(byte % 10);
      hash = chainStep(hash);
    }
  });

  it('is uniform over 0–9 (chi-square, 20,000 draws)', () => {
    const counts = new Array(10).fill(0);
    let hash: string = BUSTABIT_V2.game1Hash;
    for (let index = 0; index < 20_000; index += 1) {
      counts[wingoNumber(hash, BUSTABIT_V2.salt)] += 1;
      hash = chainStep(hash);
    }
    const expected = 2_000;
    const chi = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });

  it('pays every bet of random bet sets exactly as the documented table (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ pick: pickArb, stake: fc.bigInt({ min: 1n, max: 10n ** 15n }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 9 }),
        (bets, number) => {
          for (const { pick, stake } of bets) {
            expect(wingoPayout(stake, pick, number)).toBe(
              (stake * tableReturnHundredths(pick, number)) / 100n,
            );
            expect(parseWingoPick(wingoPickKey(pick))).toEqual(pick);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('returns 95 % on every pick over the ten equally likely numbers', () => {
    const picks: WingoPick[] = [
      ...['green', 'red', 'violet'].map((colour) => ({ kind: 'colour', colour }) as WingoPick),
      ...[...Array(10).keys()].map((number) => ({ kind: 'number', number }) as WingoPick),
      { kind: 'size', size: 'big' },
      { kind: 'size', size: 'small' },
    ];
    for (const pick of picks) {
      let total = 0n;
      for (let n = 0; n < 10; n += 1) total += wingoPayout(10_000n, pick, n);
      expect(total, wingoPickKey(pick)).toBe(95_000n);
    }
  });

  it('parses only valid pick keys', () => {
    for (const bad of ['colour:blue', 'number:10', 'number:-1', 'size:huge', 'x', 'number:', 'number:1.5']) {
      expect(parseWingoPick(bad), bad).toBeNull();
    }
  });
});
