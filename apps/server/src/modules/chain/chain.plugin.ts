import type { ChainDeposit, ChainWithdrawal } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import type { ChainConfig } from '../../config.ts';
import { createLedger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { WithdrawTierGate } from '../../money/withdraw-tier.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/database.ts';
import type { BindDeps } from '../../platform/http/bind-endpoint.ts';
import { type LeaderScheduler, startLeaderScheduler } from '../../platform/scheduler/leader-scheduler.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import type { VerificationCodeService } from '../user/verification-code.service.ts';
import { createDevFaucet } from './chain.faucet.ts';
import { createChainGateway } from './chain.gateway.ts';
import { DEV_SIGNER_INDEX, devPrivateKey, devProjectXpub } from './chain.keys.ts';
import { createChainRepo } from './chain.repo.ts';
import { registerChainRoutes } from './chain.routes.ts';
import { createChainDepositService, toDepositWire } from './chain-deposit.service.ts';
import { createChainWithdrawService, toWithdrawalWire } from './chain-withdraw.service.ts';

/** Advisory lock key of the chain watcher's scheduler node. */
export const CHAIN_SCHEDULER_LOCK = 72_205_001;

/** Where the chain is: an external node (CHAIN_RPC_URL) or the embedded dev chain (dev-chain.ts). */
export interface ChainRuntime {
  rpcUrl: string;
  tokenAddress: Address;
  /** A name players see beside the address ("the network"). */
  networkName: string;
  /** The dev chain's faucet key; absent on a real chain. */
  faucetKey?: `0x${string}`;
}

export interface ChainJobs {
  scheduler: LeaderScheduler;
  /** The address of an operator's USDT quota top-up (watched like a player's deposit address). */
  topupAddress(projectId: number, operatorId: number, topupId: number): Promise<Address>;
  networkName: string;
  /** A player's withdrawal addresses as `crypto:<address>` (rewards' same-payout-account signal). */
  payoutAddressesOf(playerId: number): Promise<string[]>;
  /** One watcher round now (tests mine blocks, then call this). */
  tick(): Promise<void>;
  /** The console's lists of a project's USDT deposits and withdrawals with their chain status. */
  admin: ChainAdmin;
}

export interface ChainAdminQuery {
  projectId: number;
  page: number;
  count: number;
  state?: string | undefined;
  playerId?: number | undefined;
  txHash?: string | undefined;
}
export interface ChainAdmin {
  /** The AML blocklist's admin entry points (the console calls them with a delegated admin session). */
  blocklist: ReturnType<typeof createChainWithdrawService>['blocklist'];
  deposits(query: ChainAdminQuery): Promise<{
    items: Array<ChainDeposit & { playerId: number; address: string }>;
    total: number;
  }>;
  withdrawals(
    query: ChainAdminQuery,
  ): Promise<{ items: Array<ChainWithdrawal & { playerId: number }>; total: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chain?: ChainJobs;
  }
}

/**
 * The chain capability: USDT deposits to per-player HD addresses and withdrawals by the hot signer,
 * their routes, and the watcher run by the scheduler node.
 */
export async function registerChain(
  app: FastifyInstance,
  deps: {
    bindDeps: BindDeps;
    production: boolean;
    chain: ChainConfig;
    runtime: ChainRuntime;
    database: Database;
    clock: Clock;
    notifier: UserNotifier;
    codes: VerificationCodeService;
    /** Two-step verification for address changes and withdrawals (issue 14). */
    secondFactor?: (userId: number, code: string | undefined) => Promise<void>;
    mayWithdraw?: (userId: number, projectId: number) => Promise<void>;
    /** The hold read again and the bonus choice, inside the withdrawal's transaction (chain-withdraw.service.ts). */
    inWithdrawal?: Parameters<typeof createChainWithdrawService>[0]['inWithdrawal'];
    /** Identity tiers' withdrawal limits (issue 14). */
    withdrawTier?: WithdrawTierGate;
    /** Responsible play: no deposit address while excluded; credits counted under deposit limits. */
    playGate?: Pick<PlayGate, 'beforeDeposit' | 'beforeDepositAddress'>;
    phoneOf: (userId: number) => Promise<{ phone: string; countryCode: string; locale?: string } | null>;
    /** Opens a monitoring case (the payment hub's case queue). */
    openCase: Parameters<typeof createChainWithdrawService>[0]['openCase'];
    /** Whether the user is a payment operator (spaPay): such accounts hold no player wallet (3043). */
    isPaymentOperator: (userId: number) => Promise<boolean>;
    /** The quota module's handler of a confirmed transfer to a quota top-up address. */
    onTopupDeposit?: Parameters<typeof createChainDepositService>[0]['onTopupDeposit'];
  },
): Promise<void> {
  const { chain, runtime, database, clock } = deps;
  const log = (error: unknown, message: string) => app.log.error({ err: error }, message);
  const ledger = createLedger(clock);
  const repo = createChainRepo(database.db);
  // The dev mnemonic's keys are public: they stand in for the signer and the xpubs on the embedded
  // dev chain only (it has the faucet), never on a chain named by CHAIN_RPC_URL.
  const devMnemonic = runtime.faucetKey ? chain.devMnemonic : undefined;
  const signerKey =
    chain.signerKey ?? (devMnemonic ? devPrivateKey(devMnemonic, DEV_SIGNER_INDEX) : undefined);
  const gateway = createChainGateway({
    rpcUrl: runtime.rpcUrl,
    tokenAddress: runtime.tokenAddress,
    signerKey,
  });
  const xpubs = new Map(chain.xpubs);
  const xpubOf = (projectId: number) => {
    let xpub = xpubs.get(projectId);
    if (!xpub && devMnemonic) {
      xpub = devProjectXpub(devMnemonic, projectId);
      xpubs.set(projectId, xpub);
    }
    return xpub;
  };
  const deposits = createChainDepositService({
    repo,
    ledger,
    gateway,
    clock,
    notifier: deps.notifier,
    cursorId: `transfers:${runtime.tokenAddress.toLowerCase()}`,
    confirmations: chain.confirmations,
    depositMin: chain.depositMin,
    xpubOf,
    isPaymentOperator: deps.isPaymentOperator,
    ...(deps.playGate ? { playGate: deps.playGate } : {}),
    ...(deps.onTopupDeposit ? { onTopupDeposit: deps.onTopupDeposit } : {}),
    log,
  });
  const withdrawals = createChainWithdrawService({
    repo,
    ledger,
    gateway,
    clock,
    notifier: deps.notifier,
    confirmations: chain.confirmations,
    defaults: {
      withdrawMin: chain.withdrawMin,
      withdrawMax: chain.withdrawMax,
      withdrawFee: chain.withdrawFee,
    },
    ...(deps.secondFactor ? { secondFactor: deps.secondFactor } : {}),
    ...(deps.mayWithdraw ? { mayWithdraw: deps.mayWithdraw } : {}),
    ...(deps.inWithdrawal ? { inWithdrawal: deps.inWithdrawal } : {}),
    ...(deps.withdrawTier ? { withdrawTier: deps.withdrawTier } : {}),
    codes: {
      async send(projectId, userId) {
        const owner = await deps.phoneOf(userId);
        if (!owner) throw new Error(`user ${userId} has no phone`);
        return deps.codes.send(
          { projectId, countryCode: owner.countryCode, ...(owner.locale ? { locale: owner.locale } : {}) },
          owner.phone,
          'crypto_address',
        );
      },
      async consume(projectId, userId, code) {
        const owner = await deps.phoneOf(userId);
        if (!owner) throw new Error(`user ${userId} has no phone`);
        await deps.codes.consume(projectId, owner.phone, 'crypto_address', code);
      },
    },
    openCase: (executor, row) => deps.openCase(executor, row),
    tokenAddress: runtime.tokenAddress,
    isPaymentOperator: deps.isPaymentOperator,
    log,
  });
  const faucet = runtime.faucetKey
    ? createDevFaucet({
        rpcUrl: runtime.rpcUrl,
        tokenAddress: runtime.tokenAddress,
        faucetKey: runtime.faucetKey,
      })
    : undefined;

  await deposits.start();
  await app.register(async (scope) =>
    registerChainRoutes(
      scope,
      {
        ...deps.bindDeps,
        production: deps.production,
        network: {
          name: runtime.networkName,
          chainId: () => gateway.chainId(),
          tokenAddress: runtime.tokenAddress,
        },
        minDeposit: chain.depositMin,
        confirmations: chain.confirmations,
        faucet,
      },
      deposits,
      withdrawals,
    ),
  );

  // Rounds never overlap on a node: a manual tick (tests) waits for the scheduled one.
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    const round = running.then(async () => {
      const head = await gateway.head();
      await deposits.tick(head);
      await withdrawals.tick(head);
    });
    running = round.catch(() => {});
    return round;
  };
  const scheduler = startLeaderScheduler({
    pool: database.pool,
    lockKey: CHAIN_SCHEDULER_LOCK,
    intervalMs: chain.pollIntervalMs,
    tasks: [{ name: 'chain-watch', run: tick }],
    onError: (task, error) => log(error, `scheduled task ${task} failed`),
  });
  app.decorate('chain', {
    scheduler,
    tick,
    topupAddress: (projectId: number, operatorId: number, topupId: number) =>
      deposits.topupAddress(projectId, operatorId, topupId),
    networkName: runtime.networkName,
    payoutAddressesOf: (playerId: number) => withdrawals.payoutAddressesOf(playerId),
    admin: {
      blocklist: withdrawals.blocklist,
      async deposits({ projectId, page, count, ...filter }) {
        const result = await repo.projectDeposits(
          repo.root,
          { projectId, ...filter },
          {
            limit: count,
            offset: (page - 1) * count,
          },
        );
        return {
          items: result.items.map((row) => ({
            ...toDepositWire(row, chain.confirmations),
            playerId: row.playerId,
            address: row.address,
          })),
          total: result.total,
        };
      },
      async withdrawals({ projectId, page, count, ...filter }) {
        const result = await repo.projectWithdrawals(
          repo.root,
          { projectId, ...filter },
          {
            limit: count,
            offset: (page - 1) * count,
          },
        );
        return {
          items: result.items.map((row) => ({ ...toWithdrawalWire(row), playerId: row.playerId })),
          total: result.total,
        };
      },
    },
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await running;
  });
}
