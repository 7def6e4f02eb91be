import {
  ErrorCode,
  formatMoney,
  type LocalCurrency,
  PayhubPushRoute,
  type ProjectConfig,
  type Topup,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { afterCommit } from '../../platform/outbox.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { UserNotifier } from '../payhub/payhub.notify.ts';
import { newOrderNo, type PayhubService } from '../payhub/payhub.service.ts';
import {
  type CustodyAdapter,
  type Provider,
  type ProviderStatus,
  signWebhook,
  verifyWebhook,
  webhookPayload,
} from './quota.adapter.ts';
import type { QuotaRepo, TopupRow } from './quota.repo.ts';

export const TOPUP_TIMEOUT_MS = 60 * 60_000;
export const TOPUP_RANGE: Record<LocalCurrency, { min: bigint; max: bigint }> = {
  IDR: { min: 100_000_00n, max: 1_000_000_000_00n },
  MXN: { min: 500_00n, max: 1_000_000_00n },
};
/** The platform's account for recharges by bank transfer. */
export const RECHARGE_BANK = { bankCode: 'BCA', accountNo: '8800123456', holderName: 'PT Payhub Nusantara' };
export const IDR_PER_USDT = '16270.00';

export interface QuotaDeps {
  repo: QuotaRepo;
  ledger: Ledger;
  clock: Clock;
  notifier: UserNotifier;
  payhub: PayhubService;
  adapters: Record<Provider, CustodyAdapter>;
  /** The dev simulator's hook on the dev adapters (absent in production). */
  simulate?: (reference: string, status: ProviderStatus) => void;
  webhookSecret: string;
  projectById: (id: number) => ProjectConfig | undefined;
  log: (error: unknown, message: string) => void;
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
    const { currency } = project(session.projectId);
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
          const opened = await deps.adapters[method].open({
            orderNo,
            amountText: formatMoney(amount),
            currency,
          });
          const row = await repo.insert(tx, {
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
        const at = clock.now();
        const next = status === 'settled' ? 1 : 2;
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
        after.add(async () => {
          const wire = await balances(topup.operatorId, topup.projectId, topup.currency);
          await deps.notifier.notify(topup.operatorId, PayhubPushRoute.quota, wire);
        });
        return next;
      },
      deps.log,
    );
  }

  async function ownTopup(session: Session, orderNo: string): Promise<TopupRow> {
    const topup = await repo.byOrderNo(repo.db, orderNo);
    if (!topup || topup.operatorId !== session.userId) throw notFound('top-up');
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
    async topups(session: Session, query: { page: number; count: number }, methods: readonly Provider[]) {
      await payhub.requireOperator(session);
      const result = await repo.list(repo.db, session.userId, methods, paging(query.page, query.count));
      return { items: result.items.map(toTopupWire), total: result.total };
    },
    async rechargeBank(session: Session) {
      await payhub.requireOperator(session);
      return { ...RECHARGE_BANK };
    },
    async indodaxAmount(session: Session) {
      await payhub.requireOperator(session);
      const range = TOPUP_RANGE[project(session.projectId).currency];
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
      if (!topup || topup.method !== body.provider) throw notFound('top-up');
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
