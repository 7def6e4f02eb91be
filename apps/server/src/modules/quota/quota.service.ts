import {
  ErrorCode,
  formatAmount,
  formatMoney,
  type LocalCurrency,
  type OperatorMovementType,
  PayhubPushRoute,
  type ProjectConfig,
  SimplePayState,
  type Topup,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { afterCommit } from '../../platform/outbox.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import { newOrderNo, type PayhubService } from '../payhub/payhub.service.ts';
import {
  type AdapterProvider,
  type CustodyAdapter,
  type Provider,
  type ProviderStatus,
  signWebhook,
  verifyWebhook,
  webhookPayload,
} from './quota.adapter.ts';
import { operatorMovementCodeFilter, operatorMovementTypeOf } from './quota.movements.ts';
import type { QuotaRepo, TopupRow } from './quota.repo.ts';

export const TOPUP_TIMEOUT_MS = 60 * 60_000;
export const TOPUP_RANGE: Record<LocalCurrency, { min: bigint; max: bigint }> = {
  IDR: { min: 100_000_00n, max: 1_000_000_000_00n },
  MXN: { min: 500_00n, max: 1_000_000_00n },
};
export const IDR_PER_USDT = '16270.00';
/** The indicative rate per USDT in each local currency, shown beside a top-up (1 USDT ≈ 1 USD). */
export const LOCAL_PER_USDT: Record<LocalCurrency, string> = { IDR: IDR_PER_USDT, MXN: '18.18' };

export interface QuotaDeps {
  repo: QuotaRepo;
  ledger: Ledger;
  clock: Clock;
  notifier: UserNotifier;
  payhub: PayhubService;
  adapters: Record<AdapterProvider, CustodyAdapter>;
  /**
   * The chain watcher's side of USDT top-ups, when a chain is configured (absent: USDT top-ups answer
   * 3065, never a made-up address). A getter: the chain capability is composed after the payment hub.
   */
  usdtChain?: () => UsdtTopupChain | undefined;
  /** The dev simulator's hook on the dev adapters (absent in production). */
  simulate?: (reference: string, status: ProviderStatus) => void;
  webhookSecret: string;
  projectById: (id: number) => ProjectConfig | undefined;
  log: (error: unknown, message: string) => void;
}

export interface UsdtTopupChain {
  /** The watched address of this top-up (derived from the project's xpub at the top-up's id). */
  address(projectId: number, operatorId: number, topupId: number): Promise<string>;
  /** The USDT (minor units) worth this local amount at the current rate, rounded up. */
  usdtFor(projectId: number, currency: LocalCurrency, amount: bigint): Promise<bigint>;
}

export function toTopupWire(row: TopupRow): Topup {
  return {
    id: row.id,
    orderNo: row.orderNo,
    method: row.method,
    amount: formatMoney(row.amount),
    currency: row.currency,
    state: row.state,
    payTo: row.payTo,
    usdtAmount: row.usdtAmount === null ? null : formatAmount(row.usdtAmount, 'USDT'),
    providerReference: row.providerReference,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
  };
}

export function createQuotaService(deps: QuotaDeps) {
  const { repo, ledger, clock, payhub } = deps;

  function project(projectId: number): ProjectConfig {
    return requireProject(deps.projectById, projectId);
  }
  const paging = (page: number, count: number) => ({ limit: count, offset: (page - 1) * count });

  async function balances(operatorId: number, projectId: number, currency: LocalCurrency) {
    const key = { projectId, currency, ownerId: operatorId };
    const quota = await ledger.findUserAccount(repo.db, { ...key, kind: 'operator_quota' });
    const commission = await ledger.findUserAccount(repo.db, { ...key, kind: 'operator_commission' });
    const zero = { balance: 0n, pending: 0n, available: 0n };
    const quotaBalance = quota ? await ledger.balance(repo.db, quota.id) : zero;
    const commissionBalance = commission ? await ledger.balance(repo.db, commission.id) : zero;
    const entries = quota ? (await ledger.history(repo.db, quota.id, 1, 0)).total : 0;
    return {
      currency,
      quota: formatMoney(quotaBalance.balance),
      held: formatMoney(quotaBalance.pending),
      available: formatMoney(quotaBalance.available),
      commission: formatMoney(commissionBalance.balance),
      version: entries,
    };
  }

  async function open(
    session: Session,
    method: Provider,
    amount: bigint,
    idempotencyKey: string | undefined,
    ip: string,
  ) {
    await payhub.requireOperator(session);
    const { currency, rails } = project(session.projectId);
    // Only the project's own top-up methods (its rails): no Indodax in Mexico.
    if (!rails.topUpMethods.includes(method)) throw new AppError(ErrorCode.TopupMethodUnavailable);
    const chain = method === 'usdt' ? deps.usdtChain?.() : undefined;
    if (method === 'usdt' && !chain) throw new AppError(ErrorCode.UsdtTopupUnavailable);
    const range = TOPUP_RANGE[currency];
    if (amount < range.min || amount > range.max)
      throw new AppError(
        ErrorCode.PaymentOutOfRange,
        `${formatMoney(range.min)} - ${formatMoney(range.max)}`,
      );
    return repo.transaction(async (tx) =>
      runIdempotent(
        tx,
        {
          userId: session.userId,
          key: idempotencyKey,
          operation: `quota.${method}`,
          input: { amount },
          at: clock.now(),
        },
        async () => {
          const at = clock.now();
          const orderNo = newOrderNo('Q', at);
          let opened: { reference: string; payTo: string };
          let chainTopup: { id: number; usdtAmount: bigint } | undefined;
          if (method === 'usdt') {
            // On chain: the top-up's own watched address and the exact USDT at the current rate.
            if (!chain) throw new AppError(ErrorCode.UsdtTopupUnavailable);
            const id = await repo.nextId(tx);
            chainTopup = { id, usdtAmount: await chain.usdtFor(session.projectId, currency, amount) };
            opened = {
              reference: `USDT-CHAIN-${id}`,
              payTo: await chain.address(session.projectId, session.userId, id),
            };
          } else {
            opened = await deps.adapters[method].open({
              orderNo,
              amountText: formatMoney(amount),
              currency,
              account: rails.rechargeAccount,
            });
          }
          const row = await repo.insert(tx, {
            ...(chainTopup ?? {}),
            orderNo,
            projectId: session.projectId,
            currency,
            operatorId: session.userId,
            method,
            amount,
            payTo: opened.payTo,
            providerReference: opened.reference,
            expiresAt: new Date(at.getTime() + TOPUP_TIMEOUT_MS),
            createdAt: at,
          });
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'quota_topup.open',
            objectType: 'quota_topup',
            objectId: String(row.id),
            after: { method, amount: formatMoney(amount), state: 0 },
            ip,
          });
          return toTopupWire(row);
        },
      ),
    );
  }

  /** Credits (1) or fails (2) a WAIT top-up inside the caller's transaction; answers the push to send after commit. */
  async function finish(tx: Executor, topup: TopupRow, next: 1 | 2, actor: string) {
    const at = clock.now();
    if (next === 1) {
      const key = { projectId: topup.projectId, currency: topup.currency };
      const custody = await ledger.systemAccount(tx, { ...key, kind: 'custody' });
      const quota = await ledger.userAccount(tx, {
        ...key,
        kind: 'operator_quota',
        ownerId: topup.operatorId,
      });
      await ledger.transfer(tx, {
        id: `topup:${topup.id}`,
        debitAccountId: custody.id,
        creditAccountId: quota.id,
        amount: topup.amount,
        code: 'quota_topup',
        reference: { type: 'quota_topup', id: String(topup.id) },
      });
    }
    await repo.settle(tx, topup.id, next, at);
    await writeAudit(tx, {
      projectId: topup.projectId,
      actorId: null,
      action: next === 1 ? 'quota_topup.settle' : 'quota_topup.fail',
      objectType: 'quota_topup',
      objectId: String(topup.id),
      before: { state: 0 },
      after: { state: next, amount: formatMoney(topup.amount), by: actor },
    });
    // The operator's quota moved: push its balances once the settlement has committed.
    return async () => {
      const wire = await balances(topup.operatorId, topup.projectId, topup.currency);
      await deps.notifier.notify(topup.operatorId, PayhubPushRoute.quota, wire);
    };
  }

  /** Settles or fails a top-up once; a repeated webhook answers the state it left. */
  async function settle(reference: string, status: 'settled' | 'failed', amount: bigint, actor: string) {
    return afterCommit(
      repo,
      async (tx: Executor, after) => {
        const topup = await repo.byReference(tx, reference, true);
        if (!topup) throw notFound('top-up');
        if (topup.state !== 0) return topup.state;
        if (status === 'settled' && amount !== topup.amount)
          throw new AppError(ErrorCode.BadParameter, 'body.amount: does not match the top-up');
        const next = status === 'settled' ? 1 : 2;
        after.add(await finish(tx, topup, next, actor));
        return next;
      },
      deps.log,
    );
  }

  /** A top-up of the caller's, paid through a provider (a chain top-up settles only on chain). */
  async function ownTopup(session: Session, orderNo: string): Promise<TopupRow> {
    const topup = await repo.byOrderNo(repo.db, orderNo);
    if (!topup || topup.operatorId !== session.userId || topup.usdtAmount !== null) throw notFound('top-up');
    return topup;
  }

  return {
    balances,
    pay: (
      session: Session,
      input: { amount: bigint; method: 'bank' | 'usdt' },
      key: string | undefined,
      ip: string,
    ) => open(session, input.method, input.amount, key, ip),
    indodaxUrl: (session: Session, amount: bigint, key: string | undefined, ip: string) =>
      open(session, 'indodax', amount, key, ip),

    async query(session: Session) {
      await payhub.requireOperator(session);
      return balances(session.userId, session.projectId, project(session.projectId).currency);
    },
    async history(session: Session, query: { page: number; count: number }) {
      await payhub.requireOperator(session);
      const account = await ledger.findUserAccount(repo.db, {
        projectId: session.projectId,
        currency: project(session.projectId).currency,
        kind: 'operator_quota',
        ownerId: session.userId,
      });
      if (!account) return { items: [], total: 0 };
      const page = paging(query.page, query.count);
      const history = await ledger.history(repo.db, account.id, page.limit, page.offset);
      return {
        items: history.entries.map((entry) => ({
          id: entry.entryId.toString(),
          code: entry.code,
          amount: formatMoney(entry.amount),
          balanceAfter: formatMoney(entry.balanceAfter ?? 0n),
          referenceType: entry.referenceType,
          referenceId: entry.referenceId,
          createdAt: entry.createdAt.toISOString(),
        })),
        total: history.total,
      };
    },
    /**
     * Every movement of the operator's quota and commission (the /transaction screen), newest first,
     * of one type and in [from, to) when asked; keyset pages on the entry id.
     */
    async transactions(
      session: Session,
      query: {
        type?: OperatorMovementType | undefined;
        from?: Date | undefined;
        to?: Date | undefined;
        cursor?: string | undefined;
        count: number;
      },
    ) {
      await payhub.requireOperator(session);
      if (query.from && query.to && query.to.getTime() <= query.from.getTime())
        throw badParameter('to: must be after from');
      const key = {
        projectId: session.projectId,
        currency: project(session.projectId).currency,
        ownerId: session.userId,
      };
      const quota = await ledger.findUserAccount(repo.db, { ...key, kind: 'operator_quota' });
      const commission = await ledger.findUserAccount(repo.db, { ...key, kind: 'operator_commission' });
      const accounts = [quota, commission].filter((account) => account !== null);
      const entries = await ledger.entryPage(repo.db, {
        accountIds: accounts.map((account) => account.id),
        ...operatorMovementCodeFilter(query.type),
        from: query.from,
        to: query.to,
        before: query.cursor === undefined ? undefined : BigInt(query.cursor),
        limit: query.count + 1,
      });
      const page = entries.slice(0, query.count);
      return {
        items: page.map((entry) => ({
          id: entry.id.toString(),
          account: entry.accountId === commission?.id ? ('commission' as const) : ('quota' as const),
          type: operatorMovementTypeOf(entry.code),
          code: entry.code,
          amount: formatMoney(entry.amount),
          balanceAfter: entry.balanceAfter === null ? null : formatMoney(entry.balanceAfter),
          referenceType: entry.referenceType,
          referenceId: entry.referenceId,
          createdAt: entry.createdAt.toISOString(),
        })),
        nextCursor: entries.length > query.count ? page[page.length - 1]!.id.toString() : null,
      };
    },
    async topups(session: Session, query: { page: number; count: number }, methods: readonly Provider[]) {
      await payhub.requireOperator(session);
      const result = await repo.list(repo.db, session.userId, methods, paging(query.page, query.count));
      return { items: result.items.map(toTopupWire), total: result.total };
    },
    async rechargeBank(session: Session) {
      await payhub.requireOperator(session);
      const { rails } = project(session.projectId);
      if (!rails.rechargeAccount || !rails.topUpMethods.includes('bank'))
        throw new AppError(ErrorCode.TopupMethodUnavailable);
      return { ...rails.rechargeAccount };
    },
    /** The top-up range and rate of the project's own currency (every top-up method shares the range). */
    async topupRange(session: Session) {
      await payhub.requireOperator(session);
      const { currency } = project(session.projectId);
      const range = TOPUP_RANGE[currency];
      return {
        minAmount: formatMoney(range.min),
        maxAmount: formatMoney(range.max),
        localPerUsdt: LOCAL_PER_USDT[currency],
      };
    },
    async indodaxAmount(session: Session) {
      await payhub.requireOperator(session);
      const { currency, rails } = project(session.projectId);
      if (!rails.topUpMethods.includes('indodax')) throw new AppError(ErrorCode.TopupMethodUnavailable);
      const range = TOPUP_RANGE[currency];
      return {
        minAmount: formatMoney(range.min),
        maxAmount: formatMoney(range.max),
        idrPerUsdt: IDR_PER_USDT,
      };
    },
    /** Asks the exchange for the payment's state and settles the top-up when it was paid. */
    async indodaxPay(session: Session, orderNo: string) {
      await payhub.requireOperator(session);
      const topup = await ownTopup(session, orderNo);
      if (topup.method !== 'indodax') throw notFound('top-up');
      const status = await deps.adapters.indodax.status(topup.providerReference);
      if (topup.state === 0 && status !== 'pending')
        await settle(topup.providerReference, status, topup.amount, 'indodax.status');
      return toTopupWire((await repo.byOrderNo(repo.db, orderNo))!);
    },

    /** The providers' webhook: the signature must verify, or nothing happens (1031). */
    async webhook(
      body: { provider: Provider; reference: string; status: 'settled' | 'failed'; amount: bigint },
      signature: string | undefined,
    ) {
      const payload = webhookPayload({ ...body, amount: formatMoney(body.amount) });
      if (!verifyWebhook(deps.webhookSecret, payload, signature)) throw noPermission();
      const topup = await repo.byReference(repo.db, body.reference);
      // A USDT top-up on chain is settled by the chain watcher only, never by a webhook.
      if (!topup || topup.method !== body.provider || topup.usdtAmount !== null) throw notFound('top-up');
      const state = await settle(body.reference, body.status, body.amount, `webhook.${body.provider}`);
      return { ok: true as const, state };
    },

    /** Dev simulator: the provider marks the payment and calls the signed webhook, as a real one would. */
    async devSettle(
      session: Session,
      orderNo: string,
      status: 'settled' | 'failed',
      callWebhook: (body: unknown, signature: string) => Promise<void>,
    ) {
      const topup = await ownTopup(session, orderNo);
      deps.simulate?.(topup.providerReference, status);
      const body = {
        provider: topup.method,
        reference: topup.providerReference,
        status,
        amount: formatMoney(topup.amount),
      };
      await callWebhook(body, signWebhook(deps.webhookSecret, webhookPayload(body)));
      return toTopupWire((await repo.byOrderNo(repo.db, orderNo))!);
    },

    /**
     * The chain watcher saw a confirmed transfer to a USDT top-up's address (inside its crediting
     * transaction). The USDT received is added up; once it covers the top-up's USDT amount a WAIT
     * top-up is credited with its local amount. A transfer to a top-up that expired or was already
     * settled is recorded (usdt_received, audit) for the admin, and credits nothing by itself.
     */
    async chainReceived(tx: Executor, deposit: { topupId: number; depositId: number; amount: bigint }) {
      const topup = await repo.addUsdtReceived(tx, deposit.topupId, deposit.amount);
      if (!topup || topup.usdtAmount === null)
        throw new Error(`quota top-up ${deposit.topupId} is not on chain`);
      await writeAudit(tx, {
        projectId: topup.projectId,
        actorId: null,
        action: 'quota_topup.usdt_received',
        objectType: 'quota_topup',
        objectId: String(topup.id),
        after: {
          deposit: deposit.depositId,
          amount: formatAmount(deposit.amount, 'USDT'),
          received: formatAmount(topup.usdtReceived, 'USDT'),
          required: formatAmount(topup.usdtAmount, 'USDT'),
          state: topup.state,
        },
      });
      if (topup.state !== SimplePayState.WAIT || topup.usdtReceived < topup.usdtAmount) return null;
      return finish(tx, topup, SimplePayState.DONE, 'chain');
    },

    /** Scheduler task: top-ups not settled in time fail (nothing was credited). */
    async expireTopups(limit = 200): Promise<number> {
      let expired = 0;
      for (const reference of await repo.expired(repo.db, clock.now(), limit)) {
        const state = await settle(reference, 'failed', 0n, 'timeout');
        if (state === 2) expired += 1;
      }
      return expired;
    },
  };
}
export type QuotaService = ReturnType<typeof createQuotaService>;
