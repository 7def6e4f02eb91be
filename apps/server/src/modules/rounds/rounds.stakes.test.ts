// ROUNDS_MIN_STAKE / ROUNDS_MAX_STAKE: read once with the configuration, refused at start when not
// an asset's positive amount (what they leave unset keeps the default) or when a smallest stake is
// above the largest; and the stake check against a project's range, its cache and the defaults.
import { type Asset, ErrorCode, type ProjectConfig, type RoundStakeGame } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createInProcessBus } from '../../platform/bus/in-process-bus.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import { createRoundStakes, DEFAULT_ROUND_MAX_STAKE, DEFAULT_ROUND_MIN_STAKE } from './rounds.stakes.ts';

describe.each(['ROUNDS_MAX_STAKE', 'ROUNDS_MIN_STAKE'] as const)('%s', (name) => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', [name]: value }).rounds;
  const key = name === 'ROUNDS_MAX_STAKE' ? 'maxStake' : 'minStake';

  it('takes a positive amount per asset, in its decimals', () => {
    expect(load('{"IDR": "5000000.00", "USDT": "250.5"}')[key]).toEqual({ IDR: '5000000.00', USDT: '250.5' });
    expect(loadConfig({ NODE_ENV: 'test' }).rounds[key]).toEqual({});
  });

  it('refuses anything else when the configuration loads', () => {
    for (const bad of [
      'nope',
      '[]',
      '{"XYZ": "1"}',
      '{"IDR": "0"}',
      '{"IDR": "1.001"}',
      '{"IDR": 5}',
      '{"YEC": "-1"}',
    ])
      expect(() => load(bad), bad).toThrow(new RegExp(name));
  });
});

/** A repo of one project's rows in memory, counting its reads. */
function memoryRepo() {
  const rows: Array<{ game: RoundStakeGame; asset: Asset; min: bigint; max: bigint }> = [];
  const audit: unknown[] = [];
  const transactions: unknown[] = [];
  const repo = {
    reads: 0,
    db: {} as never,
    transaction: async <T>(action: (tx: never) => Promise<T>) => {
      const tx = { execute: async (query: unknown) => audit.push(query) };
      transactions.push(tx);
      return action(tx as never);
    },
    stakeRanges: async () => {
      repo.reads += 1;
      return rows.map((row) => ({ ...row }));
    },
    /** The executors the range before a save was read on (the save's transaction, not `db`). */
    lockedReadsOn: [] as unknown[],
    lockedStakeRange: async (tx: unknown, key: { game: RoundStakeGame; asset: Asset }) => {
      repo.lockedReadsOn.push(tx);
      const row = rows.find((old) => old.game === key.game && old.asset === key.asset);
      return row ? { min: row.min, max: row.max } : null;
    },
    deleteStakeRange: async (_tx: unknown, key: { game: RoundStakeGame; asset: Asset }) => {
      const at = rows.findIndex((old) => old.game === key.game && old.asset === key.asset);
      return at < 0 ? null : rows.splice(at, 1)[0]!;
    },
    saveStakeRange: async (_tx: unknown, row: (typeof rows)[number] & { projectId: number }) => {
      const at = rows.findIndex((old) => old.game === row.game && old.asset === row.asset);
      rows.splice(at < 0 ? rows.length : at, at < 0 ? 0 : 1, {
        game: row.game,
        asset: row.asset,
        min: row.min,
        max: row.max,
      });
    },
  };
  return { repo, audit, transactions };
}

/** An IDR project's assets, as the wallet lists them. */
const PROJECT_ASSETS = walletAssets({ currency: 'IDR' } as ProjectConfig);

const admin = { userId: 1, projectId: 10, staffRole: 'admin' } as Session;

describe('round stakes', () => {
  const setUp = () => {
    let now = 0;
    const { repo, audit } = memoryRepo();
    const stakes = createRoundStakes({
      repo: repo as never,
      defaults: { min: DEFAULT_ROUND_MIN_STAKE, max: DEFAULT_ROUND_MAX_STAKE },
      assetsOf: () => PROJECT_ASSETS,
      now: () => now,
    });
    return { stakes, repo, audit, advance: (ms: number) => (now += ms) };
  };
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { errCode?: number; detail?: string }) => [error.errCode, error.detail],
    );

  it('checks against the defaults until the console sets a range, then against it; wingo modes share one', async () => {
    const { stakes } = setUp();
    expect(await codeOf(stakes.check(10, 'crash', 'IDR', 99_999n))).toEqual([
      ErrorCode.WrongBetAmount,
      'amount: at least 1000.00',
    ]);
    expect(await codeOf(stakes.check(10, 'crash', 'IDR', 100_000n))).toBeNull();
    expect(await codeOf(stakes.check(10, 'crash', 'IDR', 1_000_000_001n))).toEqual([
      ErrorCode.WrongBetAmount,
      'amount: at most 10000000.00',
    ]);
    await stakes.set(admin, { game: 'wingo', asset: 'IDR', minStake: '50', maxStake: '60' }, null);
    expect(await codeOf(stakes.check(10, 'wingo120', 'IDR', 5_000n))).toBeNull();
    expect(await codeOf(stakes.check(10, 'wingo30', 'IDR', 6_001n))).toEqual([
      ErrorCode.WrongBetAmount,
      'amount: at most 60.00',
    ]);
    // Crash keeps the defaults: a range is per game.
    expect(await codeOf(stakes.check(10, 'crash', 'IDR', 5_000n))).toEqual([
      ErrorCode.WrongBetAmount,
      'amount: at least 1000.00',
    ]);
    expect(await stakes.limits(10, 'wingo60')).toEqual([
      { asset: 'IDR', minStake: '50.00', maxStake: '60.00' },
      { asset: 'USDT', minStake: '0.100000', maxStake: '1000.000000' },
      { asset: 'YEC', minStake: '1.00', maxStake: '100000.00' },
    ]);
  });

  it('reads a project once for the bets that find the cache empty together (a round opening)', async () => {
    const { stakes, repo } = setUp();
    const checks = Array.from({ length: 50 }, () => stakes.check(10, 'crash', 'YEC', 100n));
    await Promise.all(checks);
    expect(repo.reads).toBe(1);
  });

  it('reads a project once per cache period, and again at once after a change on this node', async () => {
    const { stakes, repo, advance } = setUp();
    await stakes.check(10, 'crash', 'YEC', 100n);
    await stakes.check(10, 'crash', 'YEC', 100n);
    expect(repo.reads).toBe(1);
    advance(5_000);
    await stakes.check(10, 'crash', 'YEC', 100n);
    expect(repo.reads).toBe(2);
    await stakes.set(admin, { game: 'crash', asset: 'YEC', minStake: '2', maxStake: '3' }, null);
    expect(await codeOf(stakes.check(10, 'crash', 'YEC', 100n))).toEqual([
      ErrorCode.WrongBetAmount,
      'amount: at least 2.00',
    ]);
  });

  it("applies a change at once on the other nodes too (the bus), not after their cache's period", async () => {
    const bus = createInProcessBus();
    const { repo } = memoryRepo();
    const node = () =>
      createRoundStakes({
        repo: repo as never,
        defaults: { min: DEFAULT_ROUND_MIN_STAKE, max: DEFAULT_ROUND_MAX_STAKE },
        assetsOf: () => PROJECT_ASSETS,
        bus,
        now: () => 0,
      });
    const [nodeA, nodeB] = [node(), node()];
    await new Promise((resolve) => setTimeout(resolve, 0)); // their subscriptions
    expect(await codeOf(nodeB.check(10, 'crash', 'YEC', 100n))).toBeNull();
    await nodeA.set(admin, { game: 'crash', asset: 'YEC', minStake: '2', maxStake: '3' }, null);
    expect(await codeOf(nodeB.check(10, 'crash', 'YEC', 100n))).toEqual([
      ErrorCode.WrongBetAmount,
      'amount: at least 2.00',
    ]);
    await nodeA.close();
    await nodeB.close();
  });

  it("reads a save's range before (its audit line's) in the save's transaction, not beside it", async () => {
    const { repo, transactions } = memoryRepo();
    const stakes = createRoundStakes({
      repo: repo as never,
      defaults: { min: DEFAULT_ROUND_MIN_STAKE, max: DEFAULT_ROUND_MAX_STAKE },
      assetsOf: () => PROJECT_ASSETS,
    });
    await stakes.set(admin, { game: 'crash', asset: 'YEC', minStake: '2', maxStake: '3' }, null);
    await stakes.set(admin, { game: 'crash', asset: 'YEC', minStake: '4', maxStake: '5' }, null);
    expect(transactions).toHaveLength(2);
    expect(repo.lockedReadsOn).toEqual(transactions);
    expect(repo.reads).toBe(0);
  });

  it('puts a range back to the defaults: the bets see them at once, audited once; a range at the defaults is left alone', async () => {
    const { stakes, audit } = setUp();
    await stakes.set(admin, { game: 'crash', asset: 'YEC', minStake: '2', maxStake: '3' }, null);
    expect(await codeOf(stakes.check(10, 'crash', 'YEC', 100n))).not.toBeNull();
    expect(await stakes.reset(admin, { game: 'crash', asset: 'YEC' }, null)).toEqual({
      game: 'crash',
      asset: 'YEC',
      minStake: '1.00',
      maxStake: '100000.00',
      custom: false,
    });
    expect(await codeOf(stakes.check(10, 'crash', 'YEC', 100n))).toBeNull();
    expect(audit).toHaveLength(2);
    await stakes.reset(admin, { game: 'crash', asset: 'YEC' }, null);
    expect(audit).toHaveLength(2);
    expect(
      await codeOf(stakes.reset({ ...admin, staffRole: null }, { game: 'crash', asset: 'YEC' }, null)),
    ).toEqual([ErrorCode.NoPermission, undefined]);
    expect((await codeOf(stakes.reset(admin, { game: 'crash', asset: 'MXN' }, null)))?.[0]).toBe(
      ErrorCode.BadParameter,
    );
  });

  it('only an admin (not a player) sets a range, within the project assets, min at most max; refused ones change nothing', async () => {
    const { stakes, audit } = setUp();
    const staff: Session = { ...admin, staffRole: null };
    expect(
      await codeOf(stakes.set(staff, { game: 'crash', asset: 'IDR', minStake: '1', maxStake: '2' }, null)),
    ).toEqual([ErrorCode.NoPermission, undefined]);
    for (const input of [
      { game: 'crash', asset: 'MXN', minStake: '1', maxStake: '2' },
      { game: 'crash', asset: 'IDR', minStake: '3', maxStake: '2' },
      { game: 'crash', asset: 'IDR', minStake: '0', maxStake: '2' },
      { game: 'crash', asset: 'IDR', minStake: 'x', maxStake: '2' },
    ] as const)
      expect((await codeOf(stakes.set(admin, input, null)))?.[0], JSON.stringify(input)).toBe(
        ErrorCode.BadParameter,
      );
    expect(audit).toHaveLength(0);
    expect((await stakes.list(10)).every((row) => !row.custom)).toBe(true);
  });

  it('refuses defaults whose smallest stake is above the largest', () => {
    expect(() =>
      createRoundStakes({
        repo: memoryRepo().repo as never,
        defaults: {
          min: { ...DEFAULT_ROUND_MIN_STAKE, IDR: 10n },
          max: { ...DEFAULT_ROUND_MAX_STAKE, IDR: 9n },
        },
        assetsOf: () => [],
      }),
    ).toThrow(/ROUNDS_MIN_STAKE above ROUNDS_MAX_STAKE for IDR/);
  });
});
