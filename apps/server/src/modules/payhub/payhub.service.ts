import { ErrorCode } from '@payhub/contracts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { localDay } from '../../platform/local-day.ts';
import { refuseIfLinked } from './payhub.access.ts';
import { createPayhubAdmin } from './payhub.admin.ts';
import { createPayhubManagerCases } from './payhub.manager.ts';
import { createPayhubOperatorCases } from './payhub.operator.ts';
import { createDepositOrders, type PayhubDeps } from './payhub.orders.ts';
import { createPayhubPlayerCases } from './payhub.player.ts';
import type { OperatorRow } from './payhub.repo.ts';
import { createDepositReversals, type DepositReversalDeps } from './payhub.reversal.ts';
import { OPERATOR_QUEUE_STATES, WITHDRAWAL_HOLDING_RULES } from './payhub.rules.ts';
import { createPayhubStaffCases } from './payhub.staff.ts';

export { newOrderNo, type PayhubDeps, toPayOrderWire } from './payhub.orders.ts';

/**
 * The payhub module's service: deposit orders by role (payhub.player.ts, payhub.operator.ts,
 * payhub.manager.ts, payhub.admin.ts) over one engine (payhub.orders.ts), and what the other payment
 * modules may ask of payhub (operators, limits, self-dealing checks).
 */
export function createPayhubService(deps: PayhubDeps & DepositReversalDeps) {
  const { repo, clock } = deps;
  const orders = createDepositOrders(deps);
  const { project, requireOperator, requireManager, refused, lifecycle, statusOf } = orders;
  /** Whether a case of a holding rule (WITHDRAWAL_HOLDING_RULES) is open on the player. */
  const withdrawalsHeld = (playerId: number, executor: Executor = repo.db): Promise<boolean> =>
    repo.hasOpenCase(executor, 'player', String(playerId), WITHDRAWAL_HOLDING_RULES);
  const refuseIfHeld = async (playerId: number, executor?: Executor): Promise<void> => {
    if (await withdrawalsHeld(playerId, executor))
      throw new AppError(ErrorCode.AccountUnderReview, 'withdrawals held for a compliance review');
  };

  return {
    requireOperator,
    requireManager,
    /** The operator row of a user (other payment modules read operators through this, not payhub's repo). */
    operator: (executor: Executor, userId: number, lock = false) => repo.operator(executor, userId, lock),
    project,

    ...createPayhubPlayerCases(deps, orders),
    ...createPayhubOperatorCases(deps, orders),
    ...createPayhubManagerCases(deps, orders),

    workingOperatorIds: (projectId: number) => repo.workingOperatorIds(repo.db, projectId),

    /** Whether the account is a payment operator (which holds no player wallet). */
    isPaymentOperator: (userId: number) => repo.isPaymentOperator(repo.db, userId),
    refuseIfLinked: (tx: Executor, input: Parameters<typeof refuseIfLinked>[2]) =>
      refuseIfLinked(repo, tx, input),
    /** Opens the self-dealing case of a refusal whose transaction rolled back, then rethrows. */
    refused,

    /**
     * Monitoring (DESIGN.md §8) for the other modules' signals (rewards' `reward_abuse`, the chain's
     * `blocked_address`): opens a case in the console's case list inside the caller's transaction; its
     * id, or null when that rule already has an open case for that subject.
     */
    openCase: (executor: Executor, row: Parameters<typeof repo.openCase>[1]): Promise<number | null> =>
      repo.openCase(executor, row),
    /**
     * `openCase`, or the id of the case of that rule already open for that subject (rewards attach
     * what they hold to it: a hold whose case is another's is released or voided with that case).
     */
    async openOrJoinCase(executor: Executor, row: Parameters<typeof repo.openCase>[1]): Promise<number> {
      // The open case may close between the two reads: then a new one opens (three tries suffice,
      // as a case is closed by staff, not in a loop).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const opened = await repo.openCase(executor, row);
        if (opened !== null) return opened;
        const open = await repo.openCaseId(executor, row.rule, row.subjectType, row.subjectId);
        if (open !== null) return open;
      }
      throw new Error(`no open ${row.rule} case for ${row.subjectType} ${row.subjectId}`);
    },
    /** Whether an open monitoring case names this subject (rewards: a flagged account is paid no referral bonus). */
    hasOpenCase: (subjectType: string, subjectId: string): Promise<boolean> =>
      repo.hasOpenCase(repo.db, subjectType, subjectId),
    withdrawalsHeld: (playerId: number) => withdrawalsHeld(playerId),
    /**
     * Refuses a withdrawal (bank or crypto) while its player's withdrawals are held: 712, "under
     * review". Before the request's transaction, so a held player is told before anything else.
     */
    refuseHeldWithdrawal: (playerId: number) => refuseIfHeld(playerId),
    /**
     * The same, inside the withdrawal's transaction before its money is held: under the player's hold
     * lock, which a holding case opens under too, so a case opened in the same instant as the request
     * is either seen here or opened after the withdrawal committed.
     */
    async refuseHeldWithdrawalIn(tx: Executor, playerId: number): Promise<void> {
      await repo.lockWithdrawalHold(tx, playerId);
      await refuseIfHeld(playerId, tx);
    },

    /**
     * Counts an amount against the operator's per-order and daily limits inside the caller's
     * transaction (withdrawals taken by the operator); refuses with 3004 past either limit.
     */
    async reserveVolume(tx: Executor, operator: OperatorRow, amount: bigint): Promise<void> {
      if (amount > operator.perOrderMax) throw new AppError(ErrorCode.PaymentOutOfRange, 'per-order limit');
      // Lock order (docs/payments.md): the operator row before its daily-volume row, as assignment does.
      await repo.lockOperator(tx, operator.userId);
      const day = localDay(clock.now(), project(operator.projectId).timeZone);
      if (!(await repo.reserveDaily(tx, operator.userId, day, amount, operator.dailyMax)))
        throw new AppError(ErrorCode.PaymentOutOfRange, 'daily limit');
    },

    /**
     * Gives back what `reserveVolume` counted for a withdrawal the operator took but did not pay
     * (issue 11: it fails after a report), on the local day it was counted (`countedAt`).
     * Lock order as `reserveVolume`: the operator row, then its daily row, before the ledger.
     */
    async releaseVolume(
      tx: Executor,
      input: { operatorId: number; projectId: number; amount: bigint; countedAt: Date },
    ): Promise<void> {
      await repo.lockOperator(tx, input.operatorId);
      const day = localDay(input.countedAt, project(input.projectId).timeZone);
      await repo.adjustDaily(tx, input.operatorId, day, -input.amount);
    },

    async unprocessedDeposits(operatorId: number): Promise<number> {
      return repo.countOrders(repo.db, { operatorId, states: OPERATOR_QUEUE_STATES });
    },

    ...createPayhubAdmin({ repo, clock, statusOf, currencyOf: (projectId) => project(projectId).currency }),
    ...createPayhubStaffCases(orders),
    ...createDepositReversals(deps, orders),

    /** Scheduler task: WAIT past its deadline is canceled (hold released), CHECKING goes to EXCEPTIONAL. */
    expireOrders: (limit = 200): Promise<number> => lifecycle.expire(limit),
  };
}
export type PayhubService = ReturnType<typeof createPayhubService>;
/** What the operator-side payment modules (tools, commission) may ask of the payhub module. */
export type PayhubOperators = Pick<PayhubService, 'requireOperator' | 'operator'>;
export type { OperatorRow };
