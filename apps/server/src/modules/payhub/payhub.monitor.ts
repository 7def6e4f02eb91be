import { formatMoney } from '@payhub/contracts';
import type { Executor } from '../../platform/db/database.ts';
import type { PayhubDeps } from './payhub.orders.ts';
import type { PayOrderRow } from './payhub.repo.ts';
import { defaultMonitoringRules, isJustUnderThreshold } from './payhub.rules.ts';

/** The monitoring rules of DESIGN.md §8 run on every new deposit order (cases for review). */
export function createDepositMonitor(deps: Pick<PayhubDeps, 'repo' | 'clock'>) {
  const { repo, clock } = deps;

  /** Runs the rules of DESIGN.md §8 on a new order; a hit opens a case (one open case per subject). */
  async function monitor(tx: Executor, order: PayOrderRow, perOrderMax: bigint | null): Promise<void> {
    const at = clock.now();
    // The project's figures as compliance set them (payhub_monitoring_rules), else the defaults.
    const rules = (await repo.monitoringRules(tx, order.projectId)) ?? defaultMonitoringRules(order.currency);
    const recent = await repo.playerOrdersSince(
      tx,
      order.playerId,
      new Date(at.getTime() - rules.velocityWindowMinutes * 60_000),
    );
    if (recent > rules.velocityMaxOrders) {
      await repo.openCase(tx, {
        projectId: order.projectId,
        rule: 'velocity',
        subjectType: 'player',
        subjectId: String(order.playerId),
        details: { orders: recent, windowMinutes: rules.velocityWindowMinutes, orderId: order.id },
        at,
      });
    }
    const threshold = rules.reportingThreshold;
    const limitThreshold = perOrderMax;
    const within = BigInt(rules.justUnderBps);
    if (
      isJustUnderThreshold(order.amount, threshold, within) ||
      (limitThreshold !== null && isJustUnderThreshold(order.amount, limitThreshold + 1n, within))
    ) {
      await repo.openCase(tx, {
        projectId: order.projectId,
        rule: 'just_under_threshold',
        subjectType: 'pay_order',
        subjectId: String(order.id),
        details: {
          amount: formatMoney(order.amount),
          threshold: formatMoney(threshold),
          playerId: order.playerId,
        },
        at,
      });
    }
    // A payer linked to an operator at work: assignment skipped that operator (self-dealing).
    for (const linked of await repo.linkedWorkingOperators(tx, order.playerId, order.projectId)) {
      await repo.openCase(tx, {
        projectId: order.projectId,
        rule: 'self_dealing',
        subjectType: 'operator',
        subjectId: String(linked.operatorId),
        details: {
          playerId: order.playerId,
          link: linked.link,
          action: 'deposit_assignment_skipped',
          orderType: 'pay_order',
          orderId: order.id,
        },
        at,
      });
    }
    if (order.cardId !== null) {
      const payers = await repo.payersToCardSince(
        tx,
        order.cardId,
        new Date(at.getTime() - rules.manyPayersWindowHours * 3_600_000),
      );
      if (payers > rules.manyPayersMax) {
        await repo.openCase(tx, {
          projectId: order.projectId,
          rule: 'many_payers_one_card',
          subjectType: 'card',
          subjectId: String(order.cardId),
          details: { payers, windowHours: rules.manyPayersWindowHours, operatorId: order.operatorId },
          at,
        });
      }
    }
  }

  return monitor;
}
