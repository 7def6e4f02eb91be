import { randomUUID } from 'node:crypto';
import { type Asset, type ProjectConfig, parseAmount, RoundsRealtimeRoute } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { RoundsConfig } from '../../config.ts';
import { createLedger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { type LeaderScheduler, startLeaderScheduler } from '../../platform/scheduler/leader-scheduler.ts';
import type { RealtimeGateway } from '../../realtime/realtime.gateway.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import { isCashOutsInFlightMessage } from './rounds.cash-outs-in-flight.ts';
import { createRoundsRepo } from './rounds.repo.ts';
import { registerRoundsRealtime, registerRoundsRoutes } from './rounds.routes.ts';
import { createRoundsService, type RoundsService } from './rounds.service.ts';
import { PRODUCTION_ROUNDS_SETTINGS } from './rounds.settings.ts';
import { DEFAULT_ROUND_MAX_STAKE, DEFAULT_ROUND_MIN_STAKE } from './rounds.stakes.ts';

/** Advisory lock key of the round clock's node (the payment hub's scheduler has its own). */
export const ROUNDS_CLOCK_LOCK = 0x524f_554e; // "ROUN"
/** Bus channel of the nodes' announcements of crash cash-outs in flight (rounds.cash-outs-in-flight.ts). */
export const CASH_OUTS_IN_FLIGHT_CHANNEL = 'rounds.cash-outs-in-flight';

export interface RoundsRuntime {
  service: RoundsService;
  /** Null while the clock is off on this node (tests drive `service.tick()` themselves). */
  clock: LeaderScheduler | null;
  /** Starts this node's clock (idempotent): it ticks whenever this node holds the advisory lock. */
  startClock(): LeaderScheduler;
}

/** The configured stakes by asset (amount form) over the defaults (minor units). */
function stakesOver(
  defaults: Record<Asset, bigint>,
  configured: Partial<Record<Asset, string>>,
): Record<Asset, bigint> {
  const entries = Object.entries(configured) as [Asset, string][];
  return {
    ...defaults,
    ...Object.fromEntries(entries.map(([asset, amount]) => [asset, parseAmount(amount, asset)])),
  };
}

/**
 * Crash and wingo: the rounds' HTTP and realtime routes on every node, and the round clock on the
 * node holding the advisory lock (another node takes over within a tick when it dies).
 */
export async function registerRounds(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    config: RoundsConfig;
    database: Database;
    /**
     * The round clock's own pool (ROUNDS_CLOCK_POOL_MAX connections, the advisory lock's session
     * among them): ticks never wait for a connection behind players' bets. Closed with the app.
     */
    clockDatabase: Database;
    clock: Clock;
    /** The nodes' bus: this node's cash-outs in flight are announced on it for the clock's node. */
    bus: Bus;
    realtime: RealtimeGateway;
    playGate: PlayGate;
    projects: () => ProjectConfig[];
    projectById: (id: number) => ProjectConfig | undefined;
  },
): Promise<RoundsRuntime> {
  const { config, realtime, bus } = deps;
  /** This process among the nodes: its own announcements come back on the bus and are skipped. */
  const node = randomUUID();
  const ledger = createLedger(deps.clock);
  // The house accounts every settlement pays into or out of, created and cached before any bet and
  // outside every transaction: without them each cash-out and each bet the clock settles asked the
  // database for the account (an insert-if-missing and a read, two round trips; the rounds bench).
  await ledger.warmSystemAccounts(
    deps.database.db,
    deps.projects().flatMap((project) =>
      walletAssets(project).map((asset) => ({
        projectId: project.projectId,
        currency: asset,
        kind: 'house' as const,
      })),
    ),
  );
  const service = createRoundsService({
    repo: createRoundsRepo(deps.database.db),
    clockRepo: createRoundsRepo(deps.clockDatabase.db),
    ledger,
    playGate: deps.playGate,
    settings: {
      ...PRODUCTION_ROUNDS_SETTINGS,
      chainLength: config.chainLength,
      checkpointEvery: Math.max(1, Math.min(1_000, Math.floor(config.chainLength / 10))),
      tickMs: config.tickMs,
      tickBroadcastMs: config.tickBroadcastMs,
      betsFlushMs: config.betsFlushMs,
      betsPerFrame: config.betsPerFrame,
      crashBettingMs: config.crashBettingMs,
      crashGrowthPerMs: config.crashGrowthPerMs,
      wingoDurationsMs: config.wingoDurationsMs,
      wingoCloseMs: config.wingoCloseMs,
      devSalt: config.devSalt,
      minStake: stakesOver(DEFAULT_ROUND_MIN_STAKE, config.minStake),
      maxStake: stakesOver(DEFAULT_ROUND_MAX_STAKE, config.maxStake),
    },
    projects: deps.projects,
    projectById: deps.projectById,
    // A tick is superseded by the next one: a socket that is behind skips it (back-pressure).
    publish: (projectId, event) =>
      realtime.broadcast(RoundsRealtimeRoute.broadcast, event, {
        projectId,
        droppable: event.type === 'tick',
      }),
    announceCashOuts: (projectId, inFlight) => {
      bus
        .publish(CASH_OUTS_IN_FLIGHT_CHANNEL, { node, projectId, inFlight })
        .catch((error) => app.log.warn({ err: error }, 'rounds: cash-outs in flight not announced'));
    },
    bus,
    onError: (error, where) => app.log.error({ err: error, where }, 'rounds'),
    cashOutBatches: config.cashOutBatches,
    betBatches: config.betBatches,
  });
  const stopListening = await bus.subscribe(CASH_OUTS_IN_FLIGHT_CHANNEL, (message) => {
    if (isCashOutsInFlightMessage(message) && message.node !== node) service.noteRemoteCashOuts(message);
  });
  await app.register(async (scope) => registerRoundsRoutes(scope, deps.bindDeps, service));
  registerRoundsRealtime(realtime, service);
  const runtime: RoundsRuntime = {
    service,
    clock: null,
    startClock() {
      runtime.clock ??= startLeaderScheduler({
        pool: deps.clockDatabase.pool,
        lockKey: ROUNDS_CLOCK_LOCK,
        intervalMs: config.tickMs,
        tasks: [{ name: 'rounds-clock', run: () => service.tick() }],
        onError: (task, error) => app.log.error({ err: error, task }, 'rounds clock failed'),
      });
      return runtime.clock;
    },
  };
  app.addHook('onClose', async () => {
    await stopListening();
    service.closeCashOuts();
    await service.closeStakes();
    await runtime.clock?.stop();
    await service.flushBets();
    await deps.clockDatabase.close();
  });
  if (config.enabled) runtime.startClock();
  app.decorate('rounds', runtime);
  return runtime;
}

declare module 'fastify' {
  interface FastifyInstance {
    rounds: RoundsRuntime;
  }
}
