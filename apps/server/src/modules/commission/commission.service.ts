import {
  type Asset,
  type CommissionChange,
  ErrorCode,
  formatMoney,
  type ProjectConfig,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { startOfLocalDay } from '../../platform/local-day.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { OperatorRow, PayhubOperators } from '../payhub/payhub.service.ts';
import { newOrderNo } from '../payhub/payhub.service.ts';
import type { OperatorCardRow, PayhubCards } from '../payhub/payhub-cards.service.ts';
import type { PayhubFigures } from '../payhub/payhub-figures.service.ts';
import type { PromoService } from '../promo/promo.service.ts';
import type { UserProfiles } from '../user/user-profiles.service.ts';
import type { WithdrawFigures } from '../withdraw/withdraw-figures.service.ts';
import type { CommissionChangeRow, CommissionRepo } from './commission.repo.ts';

export interface CommissionDeps {
  repo: CommissionRepo;
  /** The payhub module's operator reads (its service, never its repo). */
  payhub: PayhubOperators;
  /** The payhub module's cards (a payout goes to one) and its figures for the member table. */
  cards: PayhubCards;
  payhubFigures: PayhubFigures;
  /** The withdraw module's counts and totals. */
  withdrawFigures: WithdrawFigures;
  /** The promo module: which group a leader leads, and who is in it. */
  promo: Pick<PromoService, 'ledGroupId' | 'groupMemberIds'>;
  /** The user module: operators' names. */
  users: Pick<UserProfiles, 'cards'>;
  ledger: Ledger;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
}

/**
 * Ledger transfer codes of an operator's earned commission: what each finished order credits, less
 * what a reversed deposit took back (its entries on the account are negative).
 */
const EARNING_CODES = new Set(['deposit_commission', 'withdraw_commission', 'deposit_commission_reversal']);
const DAY_MS = 24 * 60 * 60 * 1000;

function toChangeWire(row: CommissionChangeRow, card: OperatorCardRow | undefined): CommissionChange {
  return {
    id: row.id,
    orderNo: row.orderNo,
    target: row.target,
    amount: formatMoney(row.amount),
    accountNo: card?.accountNo ?? null,
    bankCode: card?.bankCode ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCommissionService(deps: CommissionDeps) {
  const { repo, payhub, cards, ledger, clock } = deps;

  /** The wire form of changes, with the number and bank of the card each payout went to. */
  async function changesWire(executor: Executor, rows: CommissionChangeRow[]): Promise<CommissionChange[]> {
    const byId = await cards.cardsByIds(
      executor,
      rows.flatMap((row) => (row.cardId === null ? [] : [row.cardId])),
    );
    return rows.map((row) => toChangeWire(row, row.cardId === null ? undefined : byId.get(row.cardId)));
  }

  function project(projectId: number): ProjectConfig {
    return requireProject(deps.projectById, projectId);
  }
  function requireOperator(session: Session, executor: Executor = repo.db): Promise<OperatorRow> {
    return payhub.requireOperator(session, executor);
  }
  function commissionKey(operator: OperatorRow) {
    return {
      projectId: operator.projectId,
      currency: project(operator.projectId).currency,
      kind: 'operator_commission' as const,
      ownerId: operator.userId,
    };
  }
  async function commissionAccount(executor: Executor, operator: OperatorRow) {
    return ledger.userAccount(executor, commissionKey(operator));
  }
  /** Reads never create the account: an operator without one has earned nothing yet. */
  async function existingCommissionAccount(operator: OperatorRow) {
    return ledger.findUserAccount(repo.db, commissionKey(operator));
  }
  const NOTHING = { balance: 0n, pending: 0n, available: 0n };

  /**
   * Whose operators a leader sees: a promo group's leader its group; a payment manager (the group
   * head of the payment hub, spec §6) the operators of its project. Anyone else: 1031.
   */
  async function leaderScope(session: Session): Promise<{ groupId: number } | { projectId: number }> {
    const groupId = await deps.promo.ledGroupId(session.userId);
    if (groupId !== null) return { groupId };
    const operator = await payhub.operator(repo.db, session.userId);
    if (operator?.spaPay && operator.paymentRole === 'Manage' && operator.projectId === session.projectId)
      return { projectId: session.projectId };
    throw noPermission();
  }

  /**
   * Per operator of a group (its members and leader) or of a project: credited deposits, finished
   * withdrawals and commission in [from, to), and the commission balance; at most 500, by user id.
   */
  async function memberAggregates(
    scope: { groupId: number } | { projectId: number },
    currency: Asset,
    from: Date,
    to: Date,
  ) {
    const operators = await deps.payhubFigures.operators(
      repo.db,
      'groupId' in scope ? { userIds: await deps.promo.groupMemberIds(scope.groupId) } : scope,
    );
    const ids = operators.map((operator) => operator.userId);
    const deposits = await deps.payhubFigures.creditedTotals(repo.db, ids, { from, to });
    const withdrawals = await deps.withdrawFigures.finishedTotals(repo.db, ids, { from, to });
    const names = await deps.users.cards(ids);
    const balances = await ledger.userBalances(
      repo.db,
      operators.map((operator) => ({
        projectId: operator.projectId,
        currency,
        kind: 'operator_commission' as const,
        ownerId: operator.userId,
      })),
    );
    return operators.map((operator, index) => {
      const deposit = deposits.get(operator.userId);
      const withdrawal = withdrawals.get(operator.userId);
      return {
        userId: operator.userId,
        nickname: names.get(operator.userId)?.nickname ?? '',
        working: operator.working,
        paidOrders: deposit?.orders ?? 0,
        paidAmount: deposit?.amount ?? 0n,
        withdrawFinished: withdrawal?.orders ?? 0,
        withdrawAmount: withdrawal?.amount ?? 0n,
        commission: (deposit?.commission ?? 0n) + (withdrawal?.commission ?? 0n),
        commissionBalance: balances[index] ?? 0n,
      };
    });
  }

  return {
    async balance(session: Session) {
      const operator = await requireOperator(session);
      const account = await existingCommissionAccount(operator);
      const balance = account ? await ledger.balance(repo.db, account.id) : NOTHING;
      return {
        currency: project(operator.projectId).currency,
        balance: formatMoney(balance.balance),
        held: formatMoney(balance.pending),
        available: formatMoney(balance.available),
      };
    },

    async handleCount(session: Session) {
      const operator = await requireOperator(session);
      return deps.withdrawFigures.handleCount(repo.db, operator.projectId, operator.userId);
    },

    async balanceDetail(session: Session) {
      const operator = await requireOperator(session);
      const account = await existingCommissionAccount(operator);
      const since = startOfLocalDay(clock.now(), project(operator.projectId).timeZone);
      const sums = account ? await ledger.codeSums(repo.db, account.id, since) : [];
      const sum = (codes: (code: string) => boolean, field: 'total' | 'recent') =>
        sums.filter((row) => codes(row.code)).reduce((total, row) => total + row[field], 0n);
      const balance = account ? await ledger.balance(repo.db, account.id) : NOTHING;
      return {
        available: formatMoney(balance.available),
        earnedToday: formatMoney(sum((code) => EARNING_CODES.has(code), 'recent')),
        earnedTotal: formatMoney(sum((code) => EARNING_CODES.has(code), 'total')),
        changedToQuota: formatMoney(-sum((code) => code === 'commission_change', 'total')),
        paidOut: formatMoney(-sum((code) => code === 'commission_payout', 'total')),
        spentInShop: formatMoney(-sum((code) => code === 'shop_purchase', 'total')),
      };
    },

    async balanceChange(
      session: Session,
      input: { amount: bigint; target: 'quota' | 'card'; accountNo?: string | undefined },
      idempotencyKey: string | undefined,
      ip: string | null,
    ): Promise<CommissionChange> {
      const currency = project(session.projectId).currency;
      return repo.transaction(async (tx) =>
        runIdempotent(
          tx,
          {
            userId: session.userId,
            key: idempotencyKey,
            operation: 'commission.change',
            input,
            at: clock.now(),
          },
          async () => {
            const operator = await requireOperator(session, tx);
            const at = clock.now();
            const cardId =
              input.target === 'card'
                ? await cards.activeCardId(tx, operator.userId, input.accountNo!)
                : null;
            if (input.target === 'card' && cardId === null) throw notFound('card');
            const key = { projectId: operator.projectId, currency };
            const commission = await commissionAccount(tx, operator);
            const destination =
              input.target === 'quota'
                ? await ledger.userAccount(tx, { ...key, kind: 'operator_quota', ownerId: operator.userId })
                : await ledger.systemAccount(tx, { ...key, kind: 'custody' });
            const id = await repo.insertChange(tx, {
              orderNo: newOrderNo('C', at),
              operatorId: operator.userId,
              projectId: operator.projectId,
              currency,
              target: input.target,
              amount: input.amount,
              cardId,
              at,
            });
            await withLedgerRefusals(() =>
              ledger.transfer(tx, {
                id: `commission:${id}`,
                debitAccountId: commission.id,
                creditAccountId: destination.id,
                amount: input.amount,
                code: input.target === 'quota' ? 'commission_change' : 'commission_payout',
                reference: { type: 'commission_change', id: String(id) },
              }),
            );
            await writeAudit(tx, {
              projectId: session.projectId,
              actorId: session.userId,
              action: `commission.${input.target === 'quota' ? 'change' : 'payout'}`,
              objectType: 'commission_change',
              objectId: String(id),
              after: { amount: formatMoney(input.amount), target: input.target, cardId },
              ip,
            });
            return (await changesWire(tx, [(await repo.change(tx, id))!]))[0]!;
          },
        ),
      );
    },

    async orders(session: Session, query: { page: number; count: number }) {
      const operator = await requireOperator(session);
      const result = await repo.changes(
        repo.db,
        operator.userId,
        query.count,
        (query.page - 1) * query.count,
      );
      return { items: await changesWire(repo.db, result.items), total: result.total };
    },

    async balanceHistory(session: Session, query: { page: number; count: number }) {
      const operator = await requireOperator(session);
      const account = await existingCommissionAccount(operator);
      if (!account) return { items: [], total: 0 };
      const history = await ledger.history(repo.db, account.id, query.count, (query.page - 1) * query.count);
      return {
        items: history.entries.map((entry) => ({
          id: String(entry.entryId),
          code: entry.code,
          amount: formatMoney(entry.amount),
          balanceAfter: entry.balanceAfter === null ? null : formatMoney(entry.balanceAfter),
          referenceType: entry.referenceType,
          referenceId: entry.referenceId,
          createdAt: entry.createdAt.toISOString(),
        })),
        total: history.total,
      };
    },

    async memberAggData(
      session: Session,
      query: { startTime?: number | undefined; endTime?: number | undefined },
    ) {
      const scope = await leaderScope(session);
      const projectConfig = project(session.projectId);
      const now = clock.now();
      const from =
        query.startTime !== undefined
          ? new Date(query.startTime * 1000)
          : startOfLocalDay(now, projectConfig.timeZone);
      const to =
        query.endTime !== undefined ? new Date(query.endTime * 1000) : new Date(from.getTime() + DAY_MS);
      if (to.getTime() <= from.getTime())
        throw new AppError(ErrorCode.BadParameter, 'query.endTime: must follow startTime');
      if (to.getTime() - from.getTime() > 92 * DAY_MS)
        throw new AppError(ErrorCode.BadParameter, 'query.endTime: at most 92 days after startTime');
      const rows = await memberAggregates(scope, projectConfig.currency, from, to);
      const wire = (row: (typeof rows)[number]) => ({
        userId: row.userId,
        nickname: row.nickname,
        working: row.working,
        paidOrders: row.paidOrders,
        paidAmount: formatMoney(row.paidAmount),
        withdrawFinished: row.withdrawFinished,
        withdrawAmount: formatMoney(row.withdrawAmount),
        commission: formatMoney(row.commission),
        commissionBalance: formatMoney(row.commissionBalance),
      });
      const total = rows.reduce(
        (sum, row) => ({
          nickname: '',
          working: sum.working || row.working,
          paidOrders: sum.paidOrders + row.paidOrders,
          paidAmount: sum.paidAmount + row.paidAmount,
          withdrawFinished: sum.withdrawFinished + row.withdrawFinished,
          withdrawAmount: sum.withdrawAmount + row.withdrawAmount,
          commission: sum.commission + row.commission,
          commissionBalance: sum.commissionBalance + row.commissionBalance,
        }),
        {
          nickname: '',
          working: false,
          paidOrders: 0,
          paidAmount: 0n,
          withdrawFinished: 0,
          withdrawAmount: 0n,
          commission: 0n,
          commissionBalance: 0n,
        },
      );
      const { userId: _userId, ...summary } = wire({ ...total, userId: 0 });
      return { items: rows.map(wire), summary };
    },
  };
}
export type CommissionService = ReturnType<typeof createCommissionService>;
