import { randomInt } from 'node:crypto';
import {
  type Asset,
  type CheckinStatus,
  ErrorCode,
  formatAmount,
  isAsset,
  type LocalCurrency,
  type ProjectConfig,
  parseAmount,
  type RebateItem,
  type ReferralDashboard,
  type ReferralTier,
} from '@payhub/contracts';
import { accounts, type Ledger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { daysBefore, localDay, localDayStartMs, nextDay, unixSeconds } from '../../platform/local-day.ts';
import type { RebateRow, RewardsRepo, TierRow } from './rewards.repo.ts';

/** A player's settled wager of one asset over a window (games and rounds answer it through their services). */
export interface WagerTotal {
  playerId: number;
  asset: string;
  wager: bigint;
}
/** A source of settled wager per player and asset of bets settled in [from, to). */
export type WagerSource = (projectId: number, from: Date, to: Date) => Promise<WagerTotal[]>;

export interface RewardsDeps {
  repo: RewardsRepo;
  ledger: Ledger;
  clock: Clock;
  projects: () => ProjectConfig[];
  projectById: (id: number) => ProjectConfig | undefined;
  /** The wager sources the rebates are computed from (games' and rounds' `wagerTotals`). */
  wagers: WagerSource[];
  /** A player's deposits credited in [from, to) (the wallet service's `depositedBetween`). */
  deposits: (projectId: number, playerId: number, asset: Asset, from: Date, to: Date) => Promise<bigint>;
  /** When a player registered (the user service), for new-users-only gift codes (rewards.gift-codes.ts). */
  registeredAt: (playerId: number) => Promise<Date | null>;
}

/**
 * The 7-day check-in of a project currency: the reward of each cycle day and the deposit a day needs
 * to qualify (spec §5: minimum deposit Rp 50,000; MX$ 50 for Mexico), minor units.
 */
export const CHECKIN_TERMS: Record<LocalCurrency, { rewards: readonly bigint[]; minDeposit: bigint }> = {
  IDR: {
    rewards: [1_000n, 2_000n, 3_000n, 4_000n, 5_000n, 8_000n, 15_000n].map((rp) => rp * 100n),
    minDeposit: 5_000_000n,
  },
  MXN: { rewards: [1n, 2n, 3n, 4n, 5n, 8n, 15n].map((mx) => mx * 100n), minDeposit: 5_000n },
};

/** Ledger codes and ids of rewards (docs/payments.md "Rewards"). */
export const REWARD_CODES = {
  rebate: 'referral_rebate',
  checkin: 'checkin_reward',
} as const;
export const checkinTransferId = (playerId: number, day: string) => `rw:checkin:${playerId}:${day}`;
export const REBATE_REFERENCE_TYPE = 'referral_rebate';
export const rebateTransferId = (referrerId: number, day: string, level: number, asset: string) =>
  `rw:rebate:${referrerId}:${day}:${level}:${asset}`;

/** The tiers of a project that configured none (rewards_tiers rows override them per project). */
export const DEFAULT_REFERRAL_TIERS: readonly TierRow[] = [
  { tier: 'bronze', minDirect: 0, ratesBp: [30, 15, 5] },
  { tier: 'silver', minDirect: 5, ratesBp: [40, 20, 8] },
  { tier: 'gold', minDirect: 20, ratesBp: [50, 25, 10] },
];

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const BP = 10_000n;
const HISTORY_LIMIT = 60;

function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A project's tiers: its own rows, or the defaults while it has none. */
export const tiersInForce = (rows: readonly TierRow[]): readonly TierRow[] =>
  rows.length > 0 ? rows : DEFAULT_REFERRAL_TIERS;

/** The tier a referrer with `direct` direct downlines has: the highest whose threshold it reaches. */
export function tierOf(tiers: readonly TierRow[], direct: number): TierRow {
  let found = tiers[0];
  if (!found) throw new Error('a project has no referral tiers');
  for (const tier of tiers) if (direct >= tier.minDirect) found = tier;
  return found;
}

/** The rebate of a wager at a rate in basis points, rounded down to the minor unit. */
export const rebateOf = (wager: bigint, rateBp: number): bigint => (wager * BigInt(rateBp)) / BP;

/**
 * The rebates owed for one day: each wagering player's settled wager credited to its uplines at levels
 * 1..3, summed per (referrer, level, asset), at the referrer's tier's rate. Pure: the job and the
 * tests' recomputation share the rules, not the code path that reads the data.
 */
export function rebatesOwed(input: {
  wagers: readonly WagerTotal[];
  referrerOf: ReadonlyMap<number, number>;
  tiers: readonly TierRow[];
}): Array<{ referrerId: number; level: number; asset: string; wager: bigint; tier: TierRow }> {
  const direct = new Map<number, number>();
  for (const referrer of input.referrerOf.values()) direct.set(referrer, (direct.get(referrer) ?? 0) + 1);
  const sums = new Map<string, { referrerId: number; level: number; asset: string; wager: bigint }>();
  for (const { playerId, asset, wager } of input.wagers) {
    let current = playerId;
    for (let level = 1; level <= 3; level += 1) {
      const referrer = input.referrerOf.get(current);
      if (referrer === undefined) break;
      const key = `${referrer}:${level}:${asset}`;
      const entry = sums.get(key) ?? { referrerId: referrer, level, asset, wager: 0n };
      entry.wager += wager;
      sums.set(key, entry);
      current = referrer;
    }
  }
  return [...sums.values()].map((entry) => ({
    ...entry,
    tier: tierOf(input.tiers, direct.get(entry.referrerId) ?? 0),
  }));
}

function rebateWire(row: RebateRow): RebateItem {
  const asset = row.asset as Asset;
  return {
    day: row.day,
    level: row.level,
    asset,
    tier: row.tier,
    wager: formatAmount(row.wager, asset),
    rateBp: row.rateBp,
    amount: formatAmount(row.amount, asset),
    paidAt: unixSeconds(row.createdAt),
  };
}

export function createRewardsService(deps: RewardsDeps) {
  const { repo, ledger, clock } = deps;

  function project(projectId: number): ProjectConfig {
    const found = deps.projectById(projectId);
    if (!found) throw notFound('project');
    return found;
  }

  /** The player's referral row, created with a fresh invite code on first use. */
  async function ensureReferral(playerId: number, projectId: number) {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const found = await repo.referral(repo.db, playerId);
      if (found) return found;
      await repo.insertReferral(repo.db, {
        playerId,
        projectId,
        inviteCode: newInviteCode(),
        at: clock.now(),
      });
    }
    throw new Error('could not allocate an invite code');
  }

  /** (project, day) pairs whose rebates this process has settled: the scheduled task skips them. */
  const settledDays = new Set<string>();

  async function tiersOf(projectId: number): Promise<readonly TierRow[]> {
    return tiersInForce(await repo.tiers(repo.db, projectId));
  }

  /** Today's check-in state of a player (the day, its window, the streak as of today). */
  async function checkinState(session: Session): Promise<CheckinStatus & { streakDayToday: number }> {
    const config = project(session.projectId);
    const asset = config.currency;
    const terms = CHECKIN_TERMS[asset];
    const today = localDay(clock.now(), config.timeZone);
    const from = new Date(localDayStartMs(today, config.timeZone));
    const to = new Date(localDayStartMs(nextDay(today), config.timeZone));
    const [done, last, deposited] = await Promise.all([
      repo.checkinOn(repo.db, session.userId, today),
      repo.lastCheckin(repo.db, session.userId, today),
      deps.deposits(session.projectId, session.userId, asset, from, to),
    ]);
    // A streak continues only from yesterday; after day 7 a new cycle starts at day 1.
    const carried = last && last.day === daysBefore(today, 1) && last.streakDay < 7 ? last.streakDay : 0;
    const streakDayToday = done ? done.streakDay : carried + 1;
    return {
      today,
      checkedInToday: done !== null,
      streak: done ? done.streakDay : carried,
      nextDay: streakDayToday,
      asset,
      rewards: terms.rewards.map((amount) => formatAmount(amount, asset)),
      minDeposit: formatAmount(terms.minDeposit, asset),
      depositedToday: formatAmount(deposited, asset),
      streakDayToday,
    };
  }

  const strip = ({ streakDayToday: _, ...status }: CheckinStatus & { streakDayToday: number }) => status;

  const service = {
    ensureReferral,

    checkinStatus: async (session: Session): Promise<CheckinStatus> => strip(await checkinState(session)),

    /**
     * Checks in today: 4012 without a qualifying deposit credited today, 4001 when already checked in.
     * The row (one per player and day) and the reward's transfer from the bonus pool commit together,
     * so parallel check-ins pay once.
     */
    async checkin(session: Session): Promise<CheckinStatus> {
      const state = await checkinState(session);
      if (state.checkedInToday) throw new AppError(ErrorCode.AlreadySignedIn);
      const terms = CHECKIN_TERMS[state.asset as LocalCurrency];
      if (parseAmount(state.depositedToday, state.asset, 'wire') < terms.minDeposit)
        throw new AppError(ErrorCode.NoQualifyingDeposit);
      const amount = terms.rewards[state.streakDayToday - 1]!;
      const transferId = checkinTransferId(session.userId, state.today);
      await repo.transaction(async (tx) => {
        const created = await repo.insertCheckin(tx, {
          playerId: session.userId,
          day: state.today,
          projectId: session.projectId,
          streakDay: state.streakDayToday,
          asset: state.asset,
          amount,
          transferId,
          at: clock.now(),
        });
        if (!created) throw new AppError(ErrorCode.AlreadySignedIn);
        const pool = await ledger.account(tx, accounts.bonusPool(session.projectId, state.asset));
        const wallet = await ledger.account(
          tx,
          accounts.player(session.projectId, session.userId, state.asset),
        );
        await ledger.transfer(tx, {
          id: transferId,
          debitAccountId: pool.id,
          creditAccountId: wallet.id,
          amount,
          code: REWARD_CODES.checkin,
          reference: { type: 'checkin', id: `${session.userId}:${state.today}` },
        });
      });
      return strip(await checkinState(session));
    },
    /** The player owning an invite code in a project, or null. */
    ownerOf: async (projectId: number, inviteCode: string): Promise<number | null> =>
      (await repo.byCode(repo.db, projectId, inviteCode.toUpperCase()))?.playerId ?? null,

    /**
     * Makes the owner of `inviteCode` the player's referrer, once. 7003: no such code in the project;
     * 7011: the player's own code; 4011: the owner is in the player's downline (a ring); 4010: a
     * referrer is already set.
     */
    async bindReferrer(playerId: number, projectId: number, inviteCode: string): Promise<void> {
      await ensureReferral(playerId, projectId);
      await repo.transaction(async (tx) => {
        // One bind of the project at a time: its ring check then sees every link made before it.
        await repo.lockBinds(tx, projectId);
        const own = await repo.referral(tx, playerId, true);
        if (!own) throw notFound('referral');
        const owner = await repo.byCode(tx, projectId, inviteCode);
        if (!owner) throw new AppError(ErrorCode.InvalidInviteCode);
        if (owner.playerId === playerId) throw new AppError(ErrorCode.OwnReferralCode);
        if (own.referrerId !== null) throw new AppError(ErrorCode.ReferrerAlreadySet);
        if (await repo.inDownline(tx, playerId, owner.playerId)) throw new AppError(ErrorCode.ReferralCycle);
        if (!(await repo.bindReferrer(tx, playerId, owner.playerId, clock.now())))
          throw new AppError(ErrorCode.ReferrerAlreadySet);
      });
    },

    async dashboard(session: Session): Promise<ReferralDashboard> {
      const own = await ensureReferral(session.userId, session.projectId);
      const timeZone = project(session.projectId).timeZone;
      const [tiers, team, rebates, totals] = await Promise.all([
        tiersOf(session.projectId),
        repo.teamCounts(repo.db, session.userId),
        repo.rebates(repo.db, session.userId, HISTORY_LIMIT),
        repo.rebateTotals(repo.db, session.userId, daysBefore(localDay(clock.now(), timeZone), 1)),
      ]);
      const direct = team[0] ?? 0;
      const tier = tierOf(tiers, direct);
      const next = tiers.find((candidate) => candidate.minDirect > tier.minDirect) ?? null;
      const info = (row: TierRow) => ({
        tier: row.tier,
        minDirect: row.minDirect,
        ratesBp: [...row.ratesBp],
      });
      return {
        inviteCode: own.inviteCode,
        hasReferrer: own.referrerId !== null,
        tier: tier.tier,
        directCount: direct,
        nextTier: next ? info(next) : null,
        tiers: tiers.map(info),
        team: team.map((count, index) => ({ level: index + 1, count })),
        totals: totals
          .filter((row) => isAsset(row.asset))
          .map((row) => ({
            asset: row.asset as Asset,
            yesterday: formatAmount(row.onDay, row.asset as Asset),
            total: formatAmount(row.total, row.asset as Asset),
          })),
        rebates: rebates.map(rebateWire),
      };
    },

    /**
     * The daily rebate job for one project and one local day (00:00:00–23:59:59.999 in the project's
     * zone): reads the day's settled wager from the wager sources, and pays each (referrer, level,
     * asset) once — its row and its ledger transfer from the bonus pool commit together; a re-run or a
     * parallel run finds the row and pays nothing.
     */
    async runRebates(projectId: number, day: string): Promise<{ paid: number; amount: Map<string, bigint> }> {
      const timeZone = project(projectId).timeZone;
      const from = new Date(localDayStartMs(day, timeZone));
      const to = new Date(localDayStartMs(nextDay(day), timeZone));
      if (to.getTime() > clock.now().getTime()) throw new Error(`day ${day} has not ended yet`);
      const wagers = (await Promise.all(deps.wagers.map((source) => source(projectId, from, to)))).flat();
      const [referrerOf, tiers] = await Promise.all([
        repo.referrerLinks(repo.db, projectId),
        tiersOf(projectId),
      ]);
      const owed = rebatesOwed({ wagers, referrerOf, tiers });
      let paid = 0;
      const amount = new Map<string, bigint>();
      for (const entry of owed) {
        if (!isAsset(entry.asset)) continue;
        const asset = entry.asset;
        const rateBp = entry.tier.ratesBp[entry.level - 1] ?? 0;
        const value = rebateOf(entry.wager, rateBp);
        const transferId = value > 0n ? rebateTransferId(entry.referrerId, day, entry.level, asset) : null;
        const inserted = await repo.transaction(async (tx) => {
          const created = await repo.insertRebate(tx, {
            referrerId: entry.referrerId,
            day,
            level: entry.level,
            asset,
            projectId,
            tier: entry.tier.tier,
            wager: entry.wager,
            rateBp,
            amount: value,
            transferId,
            createdAt: clock.now(),
          });
          if (!created || transferId === null) return created;
          const pool = await ledger.account(tx, accounts.bonusPool(projectId, asset));
          const wallet = await ledger.account(tx, accounts.player(projectId, entry.referrerId, asset));
          await ledger.transfer(tx, {
            id: transferId,
            debitAccountId: pool.id,
            creditAccountId: wallet.id,
            amount: value,
            code: REWARD_CODES.rebate,
            reference: { type: REBATE_REFERENCE_TYPE, id: `${entry.referrerId}:${day}:${entry.level}` },
          });
          return true;
        });
        if (inserted && value > 0n) {
          paid += 1;
          amount.set(asset, (amount.get(asset) ?? 0n) + value);
        }
      }
      return { paid, amount };
    },

    /** The scheduled task: yesterday's rebates of every project (idempotent; runs on every tick). */
    async runDueRebates(): Promise<void> {
      for (const each of deps.projects()) {
        const yesterday = daysBefore(localDay(clock.now(), each.timeZone), 1);
        const key = `${each.projectId}:${yesterday}`;
        if (settledDays.has(key)) continue;
        await service.runRebates(each.projectId, yesterday);
        settledDays.add(key);
      }
    },

    tiers: tiersOf,
    rebatesOfDay: (projectId: number, day: string) => repo.rebatesOfDay(repo.db, projectId, day),
  };
  return service;
}
export type RewardsService = ReturnType<typeof createRewardsService>;
export type { ReferralTier };
