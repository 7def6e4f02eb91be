import type { ProjectConfig } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { createLedger, SYSTEM_ACCOUNT_KINDS } from './ledger/ledger.ts';
import { createCommissionRepo } from './modules/commission/commission.repo.ts';
import { registerCommissionRoutes } from './modules/commission/commission.routes.ts';
import { createCommissionService } from './modules/commission/commission.service.ts';
import type { UserNotifier } from './modules/payhub/payhub.notify.ts';
import { createPayhubRepo } from './modules/payhub/payhub.repo.ts';
import type { DepositReversalDeps } from './modules/payhub/payhub.reversal.ts';
import { registerPayhubRoutes } from './modules/payhub/payhub.routes.ts';
import { createPayhubService, type PayhubDeps, type PayhubService } from './modules/payhub/payhub.service.ts';
import { createPayhubCards, type PayhubCards } from './modules/payhub/payhub-cards.service.ts';
import { createPayhubFigures } from './modules/payhub/payhub-figures.service.ts';
import { createPayhubToolsRepo } from './modules/payhub-tools/payhub-tools.repo.ts';
import { registerPayhubToolsRoutes } from './modules/payhub-tools/payhub-tools.routes.ts';
import {
  createPayhubToolsService,
  type PayhubToolsService,
} from './modules/payhub-tools/payhub-tools.service.ts';
import type { PromoService } from './modules/promo/promo.service.ts';
import { createDevAdapters } from './modules/quota/quota.adapter.ts';
import { createQuotaRepo } from './modules/quota/quota.repo.ts';
import { registerQuotaRoutes } from './modules/quota/quota.routes.ts';
import { createQuotaService, type QuotaService, type UsdtTopupChain } from './modules/quota/quota.service.ts';
import type { UserProfiles } from './modules/user/user-profiles.service.ts';
import { createWithdrawRepo } from './modules/withdraw/withdraw.repo.ts';
import { registerWithdrawRoutes } from './modules/withdraw/withdraw.routes.ts';
import {
  createWithdrawService,
  type WithdrawDeps,
  type WithdrawService,
} from './modules/withdraw/withdraw.service.ts';
import { createWithdrawFigures } from './modules/withdraw/withdraw-figures.service.ts';
import type { PlayGate } from './money/play-gate.ts';
import type { WithdrawTierGate } from './money/withdraw-tier.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db/database.ts';
import type { BindDeps } from './platform/http/bind-endpoint.ts';
import { type LeaderScheduler, startLeaderScheduler } from './platform/scheduler/leader-scheduler.ts';

/** Advisory lock key of the payment hub's scheduler node. */
export const PAYHUB_SCHEDULER_LOCK = 72_201_200;

export interface PaymentHubJobs {
  scheduler: LeaderScheduler;
  /** One round of every timeout now (tests move the clock, then call this). */
  runTimeouts(): Promise<{ payOrders: number; withdrawOrders: number; topups: number }>;
  /** The quota module's handler of a confirmed transfer to a USDT top-up address (the chain watcher's). */
  quotaChainReceived: QuotaService['chainReceived'];
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentHub?: PaymentHubJobs;
  }
}

/**
 * The payment hub: ledger, deposit orders, withdrawals, quota, operator tools and commission; their
 * routes, and the timeouts run by the scheduler node (the one holding the advisory lock). It is a
 * composition root beside app.ts (docs/architecture.md): it builds the payment modules and hands
 * each the services it may call, so no module folder imports the module that depends on it.
 */
export async function registerPaymentHub(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    config: Config;
    database: Database;
    clock: Clock;
    promo: PromoService;
    /** The user module's cards of users (operators' names and payment profiles). */
    users: UserProfiles;
    notifier: UserNotifier;
    projectById: (id: number) => ProjectConfig | undefined;
    /** The site module's projects (the ledger's system accounts exist for each). */
    projects: () => ProjectConfig[];
    /** The site module's upload ownership check (deposit vouchers name the player's own upload). */
    isOwnUpload: (url: string, userId: number, projectId: number) => Promise<boolean>;
    /** The promo data center's deposit feed (docs/promo.md). */
    onDepositCredited?: PayhubDeps['onDepositCredited'];
    /** A credited deposit reversed from the console: what depends on it, the player's mail (in its transaction). */
    reverseDependents?: DepositReversalDeps['reverseDependents'];
    /** The chain watcher's side of USDT quota top-ups (absent: no chain, USDT top-ups answer 3065). */
    usdtChain?: () => UsdtTopupChain | undefined;
    /** Responsible play (issue 14): deposit limits and exclusions at order creation and credit. */
    playGate?: PlayGate;
    /** Identity (issue 14): refuses a withdrawal of a player who may not move real money (10001). */
    mayWithdraw?: (userId: number, projectId: number) => Promise<void>;
    /** The hold read again and the bonus choice, inside the withdrawal's transaction (withdraw.orders.ts). */
    inWithdrawal?: WithdrawDeps['inWithdrawal'];
    /** Identity tiers' withdrawal limits and the bank holder name rule (issue 14). */
    withdrawTier?: WithdrawTierGate;
    holderName?: (userId: number, projectId: number, holderName: string) => Promise<void>;
  },
): Promise<{
  payhub: PayhubService;
  withdraw: WithdrawService;
  tools: PayhubToolsService;
  /** The console reads an operator's balances as the operator sees them. */
  quota: QuotaService;
  /** The console lists an operator's receiving cards. */
  cards: PayhubCards;
}> {
  const { database, clock, config } = deps;
  const log = (error: unknown, message: string) => app.log.error({ err: error }, message);
  const ledger = createLedger(clock);
  const common = { ledger, clock, notifier: deps.notifier, projectById: deps.projectById, log };
  const payhubRepo = createPayhubRepo(database.db, deps.users);
  // System accounts exist before any money call: created and cached outside every transaction.
  await ledger.warmSystemAccounts(
    database.db,
    deps.projects().flatMap((project) =>
      SYSTEM_ACCOUNT_KINDS.map((kind) => ({
        projectId: project.projectId,
        currency: project.currency,
        kind,
      })),
    ),
  );
  const payhub = createPayhubService({
    ...common,
    repo: payhubRepo,
    ...(deps.onDepositCredited ? { onDepositCredited: deps.onDepositCredited } : {}),
    ...(deps.reverseDependents ? { reverseDependents: deps.reverseDependents } : {}),
    isOwnUpload: deps.isOwnUpload,
    ...(deps.playGate ? { playGate: deps.playGate } : {}),
  });
  const withdraw = createWithdrawService({
    ...common,
    repo: createWithdrawRepo(database.db),
    payhub,
    ...(deps.mayWithdraw ? { mayWithdraw: deps.mayWithdraw } : {}),
    ...(deps.inWithdrawal ? { inWithdrawal: deps.inWithdrawal } : {}),
    ...(deps.withdrawTier ? { withdrawTier: deps.withdrawTier } : {}),
    ...(deps.holderName ? { holderName: deps.holderName } : {}),
  });
  const adapters = createDevAdapters();
  const quota = createQuotaService({
    ...common,
    repo: createQuotaRepo(database.db),
    payhub,
    adapters,
    ...(config.production ? {} : { simulate: adapters.setStatus }),
    webhookSecret: config.custodyWebhookSecret,
    ...(deps.usdtChain ? { usdtChain: deps.usdtChain } : {}),
  });

  await app.register(async (scope) => registerPayhubRoutes(scope, deps.bindDeps, deps.promo, payhub));
  await app.register(async (scope) => registerWithdrawRoutes(scope, deps.bindDeps, withdraw));
  const cards = createPayhubCards();
  const tools = createPayhubToolsService({
    repo: createPayhubToolsRepo(database.db, cards),
    payhub,
    cards,
    payhubFigures: createPayhubFigures(),
    promo: deps.promo,
    users: deps.users,
    ledger,
    clock,
    projectById: deps.projectById,
  });
  await app.register(async (scope) => registerPayhubToolsRoutes(scope, deps.bindDeps, tools));
  const commission = createCommissionService({
    repo: createCommissionRepo(database.db),
    payhub,
    cards,
    payhubFigures: createPayhubFigures(),
    withdrawFigures: createWithdrawFigures(),
    promo: deps.promo,
    users: deps.users,
    ledger,
    clock,
    projectById: deps.projectById,
  });
  await app.register(async (scope) => registerCommissionRoutes(scope, deps.bindDeps, commission));
  await app.register(async (scope) =>
    registerQuotaRoutes(scope, { ...deps.bindDeps, production: config.production }, quota),
  );

  const runTimeouts = async () => ({
    payOrders: await payhub.expireOrders(),
    withdrawOrders: await withdraw.expireOrders(),
    topups: await quota.expireTopups(),
  });
  const scheduler = startLeaderScheduler({
    pool: database.pool,
    lockKey: PAYHUB_SCHEDULER_LOCK,
    intervalMs: config.schedulerIntervalMs,
    tasks: [
      { name: 'pay-order-timeouts', run: async () => void (await payhub.expireOrders()) },
      { name: 'withdraw-order-timeouts', run: async () => void (await withdraw.expireOrders()) },
      { name: 'topup-timeouts', run: async () => void (await quota.expireTopups()) },
    ],
    onError: (task, error) => app.log.error({ err: error, task }, 'scheduled task failed'),
  });
  app.decorate('paymentHub', { scheduler, runTimeouts, quotaChainReceived: quota.chainReceived });
  app.addHook('onClose', async () => scheduler.stop());
  // The operator console calls the deposit service's admin entry points (app.ts composes it).
  return { payhub, withdraw, tools, quota, cards };
}
