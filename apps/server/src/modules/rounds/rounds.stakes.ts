import {
  type Asset,
  type ConsoleRoundStakes,
  ErrorCode,
  formatAmount,
  ROUND_STAKE_GAMES,
  type RoundGame,
  type RoundStakeGame,
  type RoundStakeLimits,
  roundStakeGameOf,
  tryParseAmount,
} from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError, badParameter, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { createProjectCache } from '../../platform/project-cache.ts';
import type { RoundsRepo } from './rounds.repo.ts';

/**
 * The in-house games' default smallest bet (migration 0620: Rp 1,000, MX$1, 1 YEC) and 0.10 USDT:
 * one bet's stake, minor units.
 */
export const DEFAULT_ROUND_MIN_STAKE: Record<Asset, bigint> = {
  IDR: 100_000n,
  MXN: 100n,
  USDT: 100_000n,
  YEC: 100n,
};

/**
 * The in-house games' default largest bet (migration 0620: Rp 10,000,000, MX$10,000, 100,000 YEC)
 * and 1,000 USDT: one bet's stake, minor units.
 */
export const DEFAULT_ROUND_MAX_STAKE: Record<Asset, bigint> = {
  IDR: 1_000_000_000n,
  MXN: 1_000_000n,
  USDT: 1_000_000_000n,
  YEC: 10_000_000n,
};

/**
 * How long a node bets against its cached copy of a project's ranges if a change's bus message is
 * lost: a change reaches every node at once through the bus (ROUND_STAKES_CHANNEL).
 */
export const ROUND_STAKES_CACHE_MS = 5_000;
/** Bus channel on which the node that saved a project's range tells every node (message: project id). */
export const ROUND_STAKES_CHANNEL = 'rounds.stakes';

export interface StakeRange {
  min: bigint;
  max: bigint;
}

export interface RoundStakesDeps {
  repo: Pick<
    RoundsRepo,
    'db' | 'transaction' | 'stakeRanges' | 'lockedStakeRange' | 'saveStakeRange' | 'deleteStakeRange'
  >;
  /** The server's ranges for a project that set none (ROUNDS_MIN_STAKE / ROUNDS_MAX_STAKE over the defaults). */
  defaults: { min: Record<Asset, bigint>; max: Record<Asset, bigint> };
  /** The assets a project's players hold (its currency, USDT, YEC). */
  assetsOf: (projectId: number) => readonly Asset[];
  /** The nodes' bus, on which a change evicts every node's copy (absent: this node alone). */
  bus?: Bus;
  now?: () => number;
  /** Where a failed bus subscription is reported (the cache then runs on its period alone). */
  log?: (error: unknown, message: string) => void;
}

const keyOf = (game: RoundStakeGame, asset: Asset) => `${game}:${asset}`;

/**
 * The stake range of one crash or wingo bet per project, game and asset: the console sets it, a bet
 * outside it is refused with 702 before anything is held, and the player app shows it (the state
 * response's `stakes`) so it can say so before sending.
 */
export function createRoundStakes(deps: RoundStakesDeps) {
  for (const asset of Object.keys(deps.defaults.min) as Asset[])
    if (deps.defaults.min[asset] > deps.defaults.max[asset])
      throw new Error(`invalid configuration: ROUNDS_MIN_STAKE above ROUNDS_MAX_STAKE for ${asset}`);

  async function readRanges(projectId: number): Promise<Map<string, StakeRange>> {
    const rows = await deps.repo.stakeRanges(deps.repo.db, projectId);
    return new Map(rows.map((row) => [keyOf(row.game, row.asset), { min: row.min, max: row.max }]));
  }

  /** The ranges the console set for a project, as the bets see them (platform/project-cache.ts). */
  const setRanges = createProjectCache({
    read: readRanges,
    ttlMs: ROUND_STAKES_CACHE_MS,
    ...(deps.bus ? { bus: { bus: deps.bus, channel: ROUND_STAKES_CHANNEL } } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });

  const defaultRange = (asset: Asset): StakeRange => ({
    min: deps.defaults.min[asset],
    max: deps.defaults.max[asset],
  });

  /** Only a project's admin changes its ranges, and only in an asset its players hold. */
  function assertAdminOf(session: Session, asset: Asset): void {
    if (session.staffRole !== 'admin') throw noPermission();
    const assets = deps.assetsOf(session.projectId);
    if (!assets.includes(asset)) throw badParameter(`asset: one of ${assets.join(', ')}`);
  }

  const wire = (asset: Asset, range: StakeRange): RoundStakeLimits => ({
    asset,
    minStake: formatAmount(range.min, asset),
    maxStake: formatAmount(range.max, asset),
  });

  /** The `rounds.stakes` audit line of a change, in its transaction: the range before and after. */
  function auditChange(
    tx: Parameters<typeof writeAudit>[0],
    session: Session,
    key: { game: RoundStakeGame; asset: Asset },
    change: { before: StakeRange; after: StakeRange },
    ip: string | null,
  ): Promise<void> {
    return writeAudit(tx, {
      projectId: session.projectId,
      actorId: session.userId,
      action: 'rounds.stakes',
      objectType: 'round_stakes',
      objectId: keyOf(key.game, key.asset),
      before: wire(key.asset, change.before),
      after: wire(key.asset, change.after),
      ip,
    });
  }

  return {
    /** A stake outside the project's range for the game and asset: 702, naming the bound. */
    async check(projectId: number, game: RoundGame, asset: Asset, amount: bigint): Promise<void> {
      const range =
        (await setRanges.get(projectId)).get(keyOf(roundStakeGameOf(game), asset)) ?? defaultRange(asset);
      if (amount < range.min)
        throw new AppError(ErrorCode.WrongBetAmount, `amount: at least ${formatAmount(range.min, asset)}`);
      if (amount > range.max)
        throw new AppError(ErrorCode.WrongBetAmount, `amount: at most ${formatAmount(range.max, asset)}`);
    },

    /** The game's range in each asset of the project (what the player app shows and checks). */
    async limits(projectId: number, game: RoundGame): Promise<RoundStakeLimits[]> {
      const stakeGame = roundStakeGameOf(game);
      const ranges = await setRanges.get(projectId);
      return deps
        .assetsOf(projectId)
        .map((asset) => wire(asset, ranges.get(keyOf(stakeGame, asset)) ?? defaultRange(asset)));
    },

    /** Every game's range in every asset of the project, read fresh, and whether the console set it. */
    async list(projectId: number): Promise<ConsoleRoundStakes[]> {
      const set = await readRanges(projectId);
      return ROUND_STAKE_GAMES.flatMap((game) =>
        deps.assetsOf(projectId).map((asset) => {
          const range = set.get(keyOf(game, asset));
          return { game, ...wire(asset, range ?? defaultRange(asset)), custom: range !== undefined };
        }),
      );
    },

    /**
     * An admin sets a game's range in an asset of their project; audited with the range before, read
     * locked in the save's transaction.
     */
    async set(
      session: Session,
      input: { game: RoundStakeGame; asset: Asset; minStake: string; maxStake: string },
      ip: string | null,
    ): Promise<ConsoleRoundStakes> {
      assertAdminOf(session, input.asset);
      const amount = (field: string, text: string) => {
        const value = tryParseAmount(text, input.asset);
        if (value === null || value <= 0n) throw badParameter(`${field}: a positive ${input.asset} amount`);
        return value;
      };
      const range = { min: amount('minStake', input.minStake), max: amount('maxStake', input.maxStake) };
      if (range.max < range.min) throw badParameter('maxStake: at least minStake');
      const key = { projectId: session.projectId, game: input.game, asset: input.asset };
      await deps.repo.transaction(async (tx) => {
        // Read under the row's lock, in the transaction that writes: two admins saving at once are
        // serialised, and the second's audit "before" is the first's "after".
        const before = (await deps.repo.lockedStakeRange(tx, key)) ?? defaultRange(input.asset);
        await deps.repo.saveStakeRange(tx, { ...key, ...range });
        await auditChange(tx, session, input, { before, after: range }, ip);
      });
      await setRanges.changed(session.projectId);
      return { game: input.game, ...wire(input.asset, range), custom: true };
    },

    /**
     * An admin puts a game's range in an asset back to the server's defaults; audited with the range
     * before. A range already at the defaults is left as it is, with no audit line (nothing changed).
     */
    async reset(
      session: Session,
      input: { game: RoundStakeGame; asset: Asset },
      ip: string | null,
    ): Promise<ConsoleRoundStakes> {
      assertAdminOf(session, input.asset);
      const after = defaultRange(input.asset);
      const removed = await deps.repo.transaction(async (tx) => {
        const before = await deps.repo.deleteStakeRange(tx, { projectId: session.projectId, ...input });
        if (before) await auditChange(tx, session, input, { before, after }, ip);
        return before !== null;
      });
      if (removed) await setRanges.changed(session.projectId);
      return { game: input.game, ...wire(input.asset, after), custom: false };
    },

    close: () => setRanges.close(),
  };
}
export type RoundStakes = ReturnType<typeof createRoundStakes>;
