import type { RoundFairness, RoundWire } from '@payhub/contracts';
import { crashPointCents, roundHash, terminatingHash } from '@payhub/games';
import { describe, expect, it } from 'vitest';
import { createFairCheck } from './fair-check.ts';

const LENGTH = 400;

/** A chain as the server publishes it, and its ended crash rounds as the history lists them. */
function chain(chainId: string, secret: string, salt: string | null) {
  const fairness: RoundFairness = {
    chainId,
    game: 'crash',
    chainLength: LENGTH,
    terminatingHash: terminatingHash(secret, LENGTH),
    salt,
    saltSource: null,
  };
  const round = (chainRound: number, overrides: Partial<RoundWire> = {}): RoundWire => {
    const hash = roundHash(secret, LENGTH, chainRound);
    return {
      id: `${chainId}-${chainRound}`,
      game: 'crash',
      period: `${chainId}-${chainRound}`,
      chainId,
      chainRound,
      state: 'ended',
      serverTime: '2026-12-07T06:00:00.000Z',
      bettingEndsAt: '2026-12-07T06:00:00.000Z',
      startedAt: null,
      drawAt: null,
      endedAt: '2026-12-07T06:00:10.000Z',
      hash,
      result: crashPointCents(hash, salt ?? 'x'),
      growthPerMs: 0.00006,
      ...overrides,
    };
  };
  return { fairness, round };
}

function run(rounds: RoundWire[], chains: RoundFairness[]) {
  const check = createFairCheck(rounds, chains);
  let slices = 1;
  while (!check.advance(50)) slices += 1;
  return { verdicts: Object.fromEntries(check.verdicts()), slices, check };
}

describe('fair check', () => {
  const used = chain('7', 'aa'.repeat(32), 'salt-of-7');
  const current = chain('8', 'bb'.repeat(32), 'salt-of-8');

  it("verifies a page spanning a used-up chain and its successor, each round against its own chain's hash and salt", () => {
    const rounds = [current.round(2), current.round(1), used.round(LENGTH), used.round(LENGTH - 1)];
    const { verdicts, check } = run(rounds, [current.fairness, used.fairness]);
    expect(verdicts).toEqual({ '8-2': 'ok', '8-1': 'ok', '7-400': 'ok', '7-399': 'ok' });
    // One walk a chain: the highest round of each.
    expect(check.total).toBe(2 + LENGTH);
    expect(check.done).toBe(check.total);
  });

  it('refuses a wrong result, a round claimed by the other chain, and rounds whose chain is missing or unsalted', () => {
    const unsalted = chain('9', 'cc'.repeat(32), null);
    const rounds = [
      current.round(3, { result: current.round(3).result! + 1 }),
      current.round(2),
      { ...used.round(5), chainId: '8' },
      used.round(4),
      unsalted.round(1),
    ];
    const { verdicts } = run(rounds, [current.fairness, unsalted.fairness]);
    expect(verdicts).toEqual({ '8-3': 'bad', '8-2': 'ok', '7-5': 'bad', '7-4': 'bad', '9-1': 'bad' });
  });

  it('walks in slices: progress in between, no verdicts until the end', () => {
    const check = createFairCheck([current.round(300)], [current.fairness]);
    expect(check.advance(100)).toBe(false);
    expect(check.done).toBe(100);
    expect(() => check.verdicts()).toThrow();
    expect(check.advance(200)).toBe(true);
    expect(Object.fromEntries(check.verdicts())).toEqual({ '8-300': 'ok' });
  });
});
