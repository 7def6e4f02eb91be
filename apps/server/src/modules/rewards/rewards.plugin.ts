import type { ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { type LeaderScheduler, startLeaderScheduler } from '../../platform/scheduler/leader-scheduler.ts';
import { createBonusRepo } from './rewards.bonus.repo.ts';
import { registerBonusRoutes } from './rewards.bonus.routes.ts';
import { type BonusDeps, type BonusService, createBonusService } from './rewards.bonus.ts';
import { createBonusCampaignsRepo } from './rewards.bonus-campaigns.repo.ts';
import { type BonusCampaigns, createBonusCampaigns } from './rewards.bonus-campaigns.ts';
import { createGiftCodes, type GiftCodes } from './rewards.gift-codes.ts';
import { createGiftsRepo } from './rewards.gifts.repo.ts';
import { createReferralTiers, type ReferralTiers } from './rewards.referral-tiers.ts';
import { createRewardsRepo } from './rewards.repo.ts';
import { registerRewardsRoutes } from './rewards.routes.ts';
import {
  createRewardsService,
  type RewardsDeps,
  type RewardsService,
  type WagerSource,
} from './rewards.service.ts';
import { createWheel, type Wheel } from './rewards.wheel.ts';

/** Advisory lock key of the rewards job node ("RWRD"). */
export const REWARDS_SCHEDULER_LOCK = 0x5257_5244;

declare module 'fastify' {
  interface FastifyInstance {
    rewards?: {
      service: RewardsService;
      bonus: BonusService;
      bonusCampaigns: BonusCampaigns;
      giftCodes: GiftCodes;
      wheel: Wheel;
      scheduler: LeaderScheduler | null;
    };
  }
}

/** Player rewards (issue 17): referral codes and tree, the daily rebate job on the lock holder. */
export async function registerRewards(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    database: Database;
    clock: Clock;
    projects: () => ProjectConfig[];
    projectById: (id: number) => ProjectConfig | undefined;
    wagers: WagerSource[];
    deposits: RewardsDeps['deposits'];
    registeredAt: RewardsDeps['registeredAt'];
    /** Bonus money's ports: first deposits, abuse signals, cases, exclusion, messages (rewards.bonus.ts). */
    bonus: Pick<
      BonusDeps,
      | 'firstDeposits'
      | 'depositsBetween'
      | 'sessionSignals'
      | 'payoutAccounts'
      | 'accountBlocked'
      | 'openCase'
      | 'isExcluded'
      | 'notify'
    >;
    /** Scheduler tick; null: no scheduled job on this node (tests run the job themselves). */
    schedulerIntervalMs: number | null;
  },
): Promise<{
  service: RewardsService;
  bonus: BonusService;
  bonusCampaigns: BonusCampaigns;
  giftCodes: GiftCodes;
  referralTiers: ReferralTiers;
}> {
  const rewardsRepo = createRewardsRepo(deps.database.db);
  const referralTiers = createReferralTiers({ repo: rewardsRepo });
  const service = createRewardsService({
    repo: rewardsRepo,
    ledger: createLedger(deps.clock),
    clock: deps.clock,
    projects: deps.projects,
    projectById: deps.projectById,
    wagers: deps.wagers,
    deposits: deps.deposits,
    registeredAt: deps.registeredAt,
  });
  const ledger = createLedger(deps.clock);
  const giftsRepo = createGiftsRepo(deps.database.db);
  const giftCodes = createGiftCodes({
    repo: giftsRepo,
    ledger,
    clock: deps.clock,
    projectById: deps.projectById,
    registeredAt: deps.registeredAt,
    hasDeposited: async (projectId, playerId, asset) =>
      (await deps.deposits(
        projectId,
        playerId,
        asset,
        new Date(0),
        new Date(deps.clock.now().getTime() + 1),
      )) > 0n,
    // Abuse signals at redemption: the player's devices, a case in the payment hub's list (rewards.gift-codes.ts).
    sessionDevices: async (playerId) => (await deps.bonus.sessionSignals(playerId)).clientIds,
    openCase: deps.bonus.openCase,
  });
  const wheel = createWheel({ repo: giftsRepo, ledger, clock: deps.clock, projectById: deps.projectById });
  const campaignsRepo = createBonusCampaignsRepo(deps.database.db);
  const bonusCampaigns = createBonusCampaigns({
    repo: campaignsRepo,
    clock: deps.clock,
    projectById: deps.projectById,
  });
  const bonus = createBonusService({
    ...deps.bonus,
    campaigns: bonusCampaigns,
    campaignsRepo,
    repo: createBonusRepo(deps.database.db),
    ledger,
    clock: deps.clock,
    projects: deps.projects,
    projectById: deps.projectById,
    wagers: deps.wagers,
    log: (error, message) => app.log.error({ err: error }, message),
  });
  await app.register(async (scope) =>
    registerRewardsRoutes(scope, deps.bindDeps, { rewards: service, giftCodes, wheel }),
  );
  await app.register(async (scope) => registerBonusRoutes(scope, deps.bindDeps, bonus));
  const scheduler =
    deps.schedulerIntervalMs === null
      ? null
      : startLeaderScheduler({
          pool: deps.database.pool,
          lockKey: REWARDS_SCHEDULER_LOCK,
          intervalMs: deps.schedulerIntervalMs,
          tasks: [
            { name: 'referral-rebates', run: () => service.runDueRebates() },
            // First-deposit and campaign bonuses, the 7-day referral bonuses, wagering conversions (rewards.bonus.ts).
            { name: 'bonus-money', run: () => bonus.runScheduled() },
          ],
          onError: (task, error) => app.log.error({ err: error, task }, 'rewards task failed'),
        });
  app.addHook('onClose', async () => scheduler?.stop());
  app.decorate('rewards', { service, bonus, bonusCampaigns, giftCodes, wheel, scheduler });
  return { service, bonus, bonusCampaigns, giftCodes, referralTiers };
}
