import type { ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { createLedger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { type LeaderScheduler, startLeaderScheduler } from '../../platform/scheduler/leader-scheduler.ts';
import { createRewardsRepo } from './rewards.repo.ts';
import { registerRewardsRoutes } from './rewards.routes.ts';
import {
  createRewardsService,
  type RewardsDeps,
  type RewardsService,
  type WagerSource,
} from './rewards.service.ts';

/** Advisory lock key of the rewards job node ("RWRD"). */
export const REWARDS_SCHEDULER_LOCK = 0x5257_5244;

declare module 'fastify' {
  interface FastifyInstance {
    rewards?: { service: RewardsService; scheduler: LeaderScheduler | null };
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
    /** Scheduler tick; null: no scheduled job on this node (tests run the job themselves). */
    schedulerIntervalMs: number | null;
  },
): Promise<RewardsService> {
  const service = createRewardsService({
    repo: createRewardsRepo(deps.database.db),
    ledger: createLedger(deps.clock),
    clock: deps.clock,
    projects: deps.projects,
    projectById: deps.projectById,
    wagers: deps.wagers,
    deposits: deps.deposits,
    registeredAt: deps.registeredAt,
  });
  await app.register(async (scope) => registerRewardsRoutes(scope, deps.bindDeps, service));
  const scheduler =
    deps.schedulerIntervalMs === null
      ? null
      : startLeaderScheduler({
          pool: deps.database.pool,
          lockKey: REWARDS_SCHEDULER_LOCK,
          intervalMs: deps.schedulerIntervalMs,
          tasks: [{ name: 'referral-rebates', run: () => service.runDueRebates() }],
          onError: (task, error) => app.log.error({ err: error, task }, 'rewards task failed'),
        });
  app.addHook('onClose', async () => scheduler?.stop());
  app.decorate('rewards', { service, scheduler });
  return service;
}
