import {
  ErrorCode,
  formatMoney,
  isRailBank,
  type PayOrder,
  PayOrderState,
  type PayPort,
  railBanks,
} from '@payhub/contracts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import { orderOwner, paging } from '../../money/order-lifecycle.ts';
import { openPlayGate } from '../../money/play-gate.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { localDay } from '../../platform/local-day.ts';
import { afterCommit } from '../../platform/outbox.ts';
import { SelfDealingRefusal } from './payhub.access.ts';
import { createDepositMonitor } from './payhub.monitor.ts';
import { type DepositOrders, newOrderNo, type PayhubDeps, toPayOrderWire } from './payhub.orders.ts';
import { commissionOf, DEPOSIT_RANGE, PAY_WAIT_TIMEOUT_MS } from './payhub.rules.ts';

const ASSIGN_ATTEMPTS = 3;

/** The player's deposit cases: banks and ports, creating an order (operator choice, hold), reading, voucher. */
export function createPayhubPlayerCases(deps: PayhubDeps, orders: DepositOrders) {
  const { repo, ledger, clock } = deps;
  const { project, accountsOf, pushOrder, lifecycle, apply, lockVisible, listOf, refused, act } = orders;
  const monitor = createDepositMonitor(deps);

  async function createOrderOnce(
    session: Session,
    input: { amount: bigint; bankCode: string; port: PayPort; payerName?: string | undefined },
    idempotencyKey: string | undefined,
    ip: string,
  ): Promise<PayOrder> {
    const projectConfig = project(session.projectId);
    const currency = projectConfig.currency;
    return afterCommit(
      repo,
      async (tx, after) => {
        return runIdempotent(
          tx,
          { userId: session.userId, key: idempotencyKey, operation: 'pay.create', input, at: clock.now() },
          async () => {
            const at = clock.now();
            const id = await repo.insertOrder(tx, {
              ...orderOwner(session, newOrderNo('P', at), currency),
              bankCode: input.bankCode,
              port: input.port,
              payerName: input.payerName?.replace(/\s+/g, ' ') ?? null,
              amount: input.amount,
              expiresAt: new Date(at.getTime() + PAY_WAIT_TIMEOUT_MS),
              at,
            });
            // Responsible play (issue 14): deposit limits and exclusions, counted under this order.
            await (deps.playGate ?? openPlayGate).beforeDeposit(tx, {
              userId: session.userId,
              projectId: session.projectId,
              asset: currency,
              amount: input.amount,
              reference: `pay:${id}`,
            });
            const day = localDay(at, projectConfig.timeZone);
            const selection = {
              projectId: session.projectId,
              playerId: session.userId,
              currency,
              bankCode: input.bankCode,
              amount: input.amount,
              day,
              at,
            };
            await repo.savepoint(tx, 'choose_operator');
            let chosen = await repo.chooseOperator(tx, selection);
            // chooseOperator reads the card link's used total in its statement's snapshot; an assignment
            // to the same operator that committed while we waited for its row lock is only visible to a
            // new statement. Re-check, and choose again (now with a fresh snapshot) when the link is full.
            // The first operator's lock is released first (savepoint): holding two operator rows would
            // break the one lock order (docs/payments.md) and could deadlock with another such choice.
            if (chosen && !(await repo.cardAccepts(tx, chosen.cardId, input.amount, at))) {
              await repo.rollbackToSavepoint(tx, 'choose_operator');
              chosen = await repo.chooseOperator(tx, selection);
            }
            const created = (await repo.order(tx, id))!;
            if (
              !chosen ||
              !(await repo.reserveDaily(tx, chosen.operatorId, day, input.amount, chosen.dailyMax))
            ) {
              const failed = await apply(tx, created, 'chooseFail', { userId: session.userId, ip });
              await monitor(tx, failed, null);
              pushOrder(after, failed);
              return toPayOrderWire(failed);
            }
            await repo.markAssigned(tx, chosen.operatorId, at);
            const commission = commissionOf(input.amount, chosen.commissionBps);
            const assigned = { ...created, operatorId: chosen.operatorId, cardId: chosen.cardId, commission };
            const accounts = await accountsOf(tx, assigned);
            await ledger.hold(tx, {
              id: lifecycle.moneyOf(id).holdId,
              debitAccountId: accounts.quota.id,
              creditAccountId: accounts.wallet.id,
              amount: input.amount,
              code: 'deposit_hold',
              reference: lifecycle.moneyOf(id).reference,
            });
            const changed = await repo.updateOrder(tx, id, PayOrderState.INIT, {
              state: PayOrderState.WAIT,
              at,
              operatorId: chosen.operatorId,
              cardId: chosen.cardId,
              commission,
            });
            if (!changed) throw new Error(`order ${id} changed while being assigned`);
            await writeAudit(tx, {
              projectId: session.projectId,
              actorId: session.userId,
              action: 'pay_order.assign',
              objectType: 'pay_order',
              objectId: String(id),
              before: { state: PayOrderState.INIT },
              after: {
                state: PayOrderState.WAIT,
                amount: formatMoney(input.amount),
                operatorId: chosen.operatorId,
                cardId: chosen.cardId,
              },
              ip,
            });
            const order = (await repo.order(tx, id))!;
            const operator = await repo.operator(tx, chosen.operatorId);
            await monitor(tx, order, operator?.perOrderMax ?? null);
            pushOrder(after, order);
            return toPayOrderWire(order);
          },
        );
      },
      deps.log,
    );
  }

  return {
    heraclesBanks(session: Session) {
      return { items: railBanks(project(session.projectId).rails) };
    },
    ports(session: Session) {
      const { currency, rails } = project(session.projectId);
      const range = DEPOSIT_RANGE[currency];
      return {
        items: rails.depositPorts.map((port) => ({
          port,
          minAmount: formatMoney(range.min),
          maxAmount: formatMoney(range.max),
        })),
      };
    },
    async payBanks(session: Session) {
      const { rails } = project(session.projectId);
      const codes = new Set(await repo.banksWithOperators(repo.db, session.projectId, clock.now()));
      return {
        items: railBanks(rails).filter((bank) => codes.has(bank.code)),
      };
    },

    async createOrder(
      session: Session,
      input: { amount: bigint; bankCode: string; port?: PayPort | undefined; payerName?: string | undefined },
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<PayOrder> {
      const { currency, rails } = project(session.projectId);
      // Only the project's own rails (issue 11): no QRIS in Mexico, no SPEI or OXXO in Indonesia.
      const port = input.port ?? rails.depositPorts[0]!;
      if (!rails.depositPorts.includes(port)) throw new AppError(ErrorCode.PortUnavailable);
      const range = DEPOSIT_RANGE[currency];
      if (input.amount < range.min || input.amount > range.max)
        throw new AppError(
          ErrorCode.PaymentOutOfRange,
          `${formatMoney(range.min)} - ${formatMoney(range.max)}`,
        );
      if (!isRailBank(rails, input.bankCode)) throw new AppError(ErrorCode.BankUnsupported);
      // A payment operator holds no player wallet (docs/decisions.md): it cannot pay itself in.
      if (await repo.isPaymentOperator(repo.db, session.userId))
        await refused(
          new SelfDealingRefusal({
            projectId: session.projectId,
            operatorId: session.userId,
            playerId: session.userId,
            link: 'same_account',
            action: 'deposit_as_player',
            orderType: null,
            orderId: null,
          }),
        );
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await createOrderOnce(session, { ...input, port }, idempotencyKey, ip);
        } catch (error) {
          // Another assignment took the quota between the choice and the hold: choose again.
          const retry = isInsufficientFunds(error);
          if (!retry) throw error;
          // Still taken after every attempt: an operating condition the caller can retry, not a fault.
          if (attempt >= ASSIGN_ATTEMPTS) throw new AppError(ErrorCode.TryAgain, 'operators busy');
        }
      }
    },

    async orderState(session: Session, id: number): Promise<PayOrder> {
      const order = await repo.order(repo.db, id);
      if (!order || order.playerId !== session.userId) throw notFound('order');
      return toPayOrderWire(order);
    },
    async playerOrders(
      session: Session,
      query: { page: number; count: number; state?: number[] | undefined; orderNo?: string | undefined },
    ) {
      return listOf(
        await repo.orders(
          repo.db,
          {
            playerId: session.userId,
            ...(query.state ? { states: query.state } : {}),
            ...(query.orderNo ? { orderNo: query.orderNo } : {}),
          },
          paging(query.page, query.count),
        ),
      );
    },

    voucher(session: Session, input: { id: number; voucherUrl: string }, ip: string) {
      return act(session, 'player', async (tx) => {
        const order = await lockVisible(tx, input.id, (row) => row.playerId === session.userId);
        // The voucher must be the player's own upload: not someone else's image, not a made-up name.
        if (!(await deps.isOwnUpload(input.voucherUrl, session.userId, session.projectId))) {
          throw badParameter('voucherUrl: not a file you uploaded (POST /main/site/upload)');
        }
        return apply(tx, order, 'voucher', { userId: session.userId, ip }, { voucherUrl: input.voucherUrl });
      });
    },
  };
}
