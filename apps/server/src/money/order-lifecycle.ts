import { ErrorCode, formatMoney, type ProjectConfig } from '@payhub/contracts';
import type { Ledger } from '../ledger/ledger.ts';
import { writeAudit } from '../platform/audit/audit.repo.ts';
import type { Clock } from '../platform/clock.ts';
import type { Executor } from '../platform/db/database.ts';
import {
  expiredOrderIds,
  type OrderChange,
  type OrderRowBase,
  type OrderTable,
} from '../platform/db/order-rows.ts';
import { stateList } from '../platform/db/sql-states.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { afterCommit, type Outbox, type OutboxLog, type TransactionRunner } from '../platform/outbox.ts';

/**
 * The one order lifecycle of deposits (payhub) and withdrawals (docs/architecture.md): each module
 * gives its transition table, its money step and its push step; the lifecycle owns the skeleton
 * every transition follows (transition check → money → update → audit → re-read), locking an
 * order the caller may see, releasing the order's hold, the after-commit pushes and the expiry loop.
 * It lives in the money layer (src/money/) because it moves money through the ledger; modules use
 * it, the ledger knows nothing of it.
 */

/** The ledger names of one order's money: its hold and the reference every posting carries. */
export interface OrderMoney {
  holdId: string;
  reference: { type: string; id: string };
}

/** What the lifecycle reads of an order row. */
export interface LifecycleOrder {
  id: number;
  state: number;
  projectId: number;
  operatorId: number | null;
  expiresAt: Date;
}

/** Fields a transition may set besides the state (the caller's own, e.g. a voucher or a handler). */
export type TransitionExtra = Omit<OrderChange, 'state' | 'at' | 'expiresAt'>;

/** The order table's repo, as the lifecycle uses it. */
export interface LifecycleRepo<Row> extends TransactionRunner<Executor> {
  db: Executor;
  order(executor: Executor, id: number, lock?: boolean): Promise<Row | null>;
  updateOrder(executor: Executor, id: number, fromState: number, change: OrderChange): Promise<boolean>;
}

export interface OrderLifecycleSpec<Row extends LifecycleOrder, Event extends string> {
  /** The audit object type and action prefix ('pay_order', 'withdraw_order'). */
  kind: string;
  /** What a 404 names ('order', 'withdrawal'). */
  noun: string;
  /** The prefix of the order's ledger ids ('pay' → `pay:<id>:hold`, `pay:<id>:void`). */
  ledgerPrefix: string;
  repo: LifecycleRepo<Row>;
  /** The order table (the expiry loop reads its orders past their deadline). */
  table: OrderTable;
  /** The states that have a deadline (those `expiryEvent` answers for). */
  expiring: readonly number[];
  ledger: Ledger;
  clock: Clock;
  log: OutboxLog;
  /** The transition table: the next state, or null when the event is not allowed from `state`. */
  next(state: number, event: Event): number | null;
  /** The money step of a transition into `next` (ledger postings in the same transaction), before the update. */
  settle(tx: Executor, order: Row, next: number, extra: TransitionExtra, money: OrderMoney): Promise<void>;
  /** Whether entering `next` gives the order's held money back (its hold is voided). */
  releases(next: number, order: Row): boolean;
  /** The ledger code of that release. */
  releaseCode: string;
  /** The deadline entering `next` sets, if any. */
  deadline(next: number, at: Date): Date | undefined;
  /** What the audit line records of the order after the change (besides its state). */
  audited(order: Row, extra: TransitionExtra): Record<string, unknown>;
  /** The push step: what a changed order sends after commit. */
  push(outbox: Outbox, order: Row): void;
  /** The event a passed deadline fires in `state`, or null (the order is no longer waiting). */
  expiryEvent(state: number): Event | null;
  /** Reports a refusal whose transaction rolled back (a self-dealing case), then rethrows it. */
  refused(error: unknown): Promise<never>;
}

export interface Actor {
  userId: number | null;
  ip?: string;
}

/** The wire fields every order shares (PayOrder, WithdrawOrder); each module adds its own. */
export function orderWireBase(row: OrderRowBase) {
  return {
    id: row.id,
    orderNo: row.orderNo,
    state: row.state,
    amount: formatMoney(row.amount),
    commission: formatMoney(row.commission),
    currency: row.currency,
    playerId: row.playerId,
    operatorId: row.operatorId,
    handleState: row.handleState,
    handlerId: row.handlerId,
    voucherUrl: row.voucherUrl,
    remark: row.remark,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export { paging } from '../platform/db/paging.ts';

/** What composition hands every order module (deposits, withdrawals) besides its repo. */
export interface OrderModuleDeps<Notifier> {
  ledger: Ledger;
  clock: Clock;
  notifier: Notifier;
  projectById: (id: number) => ProjectConfig | undefined;
  log: (error: unknown, message: string) => void;
}

/** Who places a new order and its number, as `NewOrderRow` fields. */
export function orderOwner(owner: { projectId: number; userId: number }, orderNo: string, currency: string) {
  return { orderNo, projectId: owner.projectId, currency, playerId: owner.userId };
}

export function createOrderLifecycle<Row extends LifecycleOrder, Event extends string>(
  spec: OrderLifecycleSpec<Row, Event>,
) {
  const { repo, clock, ledger } = spec;

  function moneyOf(orderId: number): OrderMoney {
    return {
      holdId: `${spec.ledgerPrefix}:${orderId}:hold`,
      reference: { type: spec.kind, id: String(orderId) },
    };
  }

  /** Applies one event to a locked order and answers the order as it now is. */
  async function apply(
    tx: Executor,
    order: Row,
    event: Event,
    actor: Actor,
    extra: TransitionExtra = {},
  ): Promise<Row> {
    const next = spec.next(order.state, event);
    if (next === null) throw new AppError(ErrorCode.OrderAlreadyStarted, `order is in state ${order.state}`);
    const at = clock.now();
    const money = moneyOf(order.id);
    await spec.settle(tx, order, next, extra, money);
    if (spec.releases(next, order))
      await ledger.void(tx, {
        id: `${spec.ledgerPrefix}:${order.id}:void`,
        pendingId: money.holdId,
        code: spec.releaseCode,
        reference: money.reference,
      });
    const expiresAt = spec.deadline(next, at);
    const changed = await repo.updateOrder(tx, order.id, order.state, {
      ...extra,
      state: next,
      at,
      ...(expiresAt ? { expiresAt } : {}),
    });
    if (!changed) throw new Error(`${spec.kind} ${order.id} changed under its lock`);
    await writeAudit(tx, {
      projectId: order.projectId,
      actorId: actor.userId,
      action: `${spec.kind}.${event}`,
      objectType: spec.kind,
      objectId: String(order.id),
      before: { state: order.state },
      after: { state: next, ...spec.audited(order, extra) },
      ip: actor.ip ?? null,
    });
    const updated = await repo.order(tx, order.id);
    if (!updated) throw new Error(`${spec.kind} ${order.id} vanished`);
    return updated;
  }

  /** Locks an order the caller may act on, or answers 404 (never revealing another's order). */
  async function lockVisible(tx: Executor, id: number, visible: (order: Row) => boolean): Promise<Row> {
    const order = await repo.order(tx, id, true);
    if (!order || !visible(order)) throw notFound(spec.noun);
    return order;
  }

  /** Locks an order the calling operator holds, in the caller's project (404 otherwise). */
  function lockOperatorsOrder(tx: Executor, id: number, caller: { userId: number; projectId: number }) {
    return lockVisible(
      tx,
      id,
      (row) => row.operatorId === caller.userId && row.projectId === caller.projectId,
    );
  }

  /**
   * Runs a decision on one order in a transaction; the order it answers is pushed after the
   * commit. A refusal that rolled the transaction back is reported by `spec.refused`.
   */
  function run(decide: (tx: Executor, outbox: Outbox) => Promise<Row>): Promise<Row> {
    return afterCommit(
      repo,
      async (tx, outbox) => {
        const order = await decide(tx, outbox);
        spec.push(outbox, order);
        return order;
      },
      spec.log,
    ).catch(spec.refused);
  }

  /** Scheduler task: every order past its deadline takes its expiry event, one transaction each. */
  async function expire(limit: number): Promise<number> {
    let expired = 0;
    const states = stateList(...spec.expiring);
    for (const id of await expiredOrderIds(repo.db, spec.table, states, clock.now(), limit)) {
      const done = await afterCommit(
        repo,
        async (tx, outbox) => {
          const order = await repo.order(tx, id, true);
          if (!order || order.expiresAt.getTime() > clock.now().getTime()) return false;
          const event = spec.expiryEvent(order.state);
          if (!event) return false;
          spec.push(outbox, await apply(tx, order, event, { userId: null }));
          return true;
        },
        spec.log,
      );
      if (done) expired += 1;
    }
    return expired;
  }

  return { apply, lockVisible, lockOperatorsOrder, run, expire, moneyOf };
}

export type OrderLifecycle<Row extends LifecycleOrder, Event extends string> = ReturnType<
  typeof createOrderLifecycle<Row, Event>
>;
