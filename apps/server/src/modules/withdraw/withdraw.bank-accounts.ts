import { ErrorCode, railBanks } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { WithdrawDeps, WithdrawOrders } from './withdraw.orders.ts';
import type { BankAccountRow } from './withdraw.repo.ts';

export const BANK_ACCOUNTS_PER_PLAYER = 5;

function toBankWire(row: BankAccountRow) {
  return {
    id: row.id,
    bankCode: row.bankCode,
    accountNo: row.accountNo,
    holderName: row.holderName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The player's payout bank accounts: listing, adding, changing and removing them (at most five). */
export function createWithdrawBankAccounts(deps: WithdrawDeps, orders: WithdrawOrders) {
  const { repo, clock } = deps;
  const { project, checkBank, bankConflict } = orders;

  return {
    async bankList(session: Session) {
      return { items: (await repo.bankAccounts(repo.db, session.userId)).map(toBankWire) };
    },
    async bankLatest(session: Session) {
      const [latest] = await repo.bankAccounts(repo.db, session.userId);
      return { account: latest ? toBankWire(latest) : null };
    },
    bankSupport(session: Session) {
      return { items: railBanks(project(session.projectId).rails) };
    },
    async bankAdd(
      session: Session,
      input: { bankCode: string; accountNo: string; holderName: string },
      ip: string,
    ) {
      checkBank(session.projectId, input.bankCode);
      await deps.holderName?.(session.userId, session.projectId, input.holderName);
      return repo
        .transaction(async (tx) => {
          await repo.lockPlayer(tx, session.userId);
          const existing = await repo.bankByNumber(tx, session.projectId, input.bankCode, input.accountNo);
          if (existing)
            throw new AppError(
              existing.userId === session.userId ? ErrorCode.BankAccountExists : ErrorCode.AccountUsedByOther,
            );
          if ((await repo.bankAccounts(tx, session.userId)).length >= BANK_ACCOUNTS_PER_PLAYER)
            throw new AppError(ErrorCode.BankAccountLimit);
          const row = await repo.insertBank(tx, {
            projectId: session.projectId,
            userId: session.userId,
            ...input,
            at: clock.now(),
          });
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'bank_account.add',
            objectType: 'bank_account',
            objectId: String(row.id),
            after: { bankCode: row.bankCode, accountNo: row.accountNo, holderName: row.holderName },
            ip,
          });
          return toBankWire(row);
        })
        .catch((error) => (error instanceof AppError ? Promise.reject(error) : bankConflict(error, 3027)));
    },
    async bankUpdate(
      session: Session,
      id: number,
      input: { bankCode: string; accountNo: string; holderName: string },
      ip: string,
    ) {
      checkBank(session.projectId, input.bankCode);
      await deps.holderName?.(session.userId, session.projectId, input.holderName);
      return repo
        .transaction(async (tx) => {
          const row = await repo.bankAccount(tx, id, true);
          if (!row || row.userId !== session.userId) throw notFound('bank account');
          if ((await repo.openWithdrawalsOfBank(tx, id)) > 0)
            throw new AppError(ErrorCode.WithdrawalUnderReview);
          const existing = await repo.bankByNumber(tx, session.projectId, input.bankCode, input.accountNo);
          if (existing && existing.id !== id)
            throw new AppError(
              existing.userId === session.userId
                ? ErrorCode.BankAccountExists
                : ErrorCode.AccountUsedByOtherHolder,
            );
          const updated = await repo.updateBank(tx, id, { ...input, at: clock.now() });
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'bank_account.update',
            objectType: 'bank_account',
            objectId: String(id),
            before: { bankCode: row.bankCode, accountNo: row.accountNo, holderName: row.holderName },
            after: {
              bankCode: updated.bankCode,
              accountNo: updated.accountNo,
              holderName: updated.holderName,
            },
            ip,
          });
          return toBankWire(updated);
        })
        .catch((error) => (error instanceof AppError ? Promise.reject(error) : bankConflict(error, 3028)));
    },
    async bankDelete(session: Session, id: number, ip: string) {
      return repo.transaction(async (tx) => {
        const row = await repo.bankAccount(tx, id, true);
        if (!row || row.userId !== session.userId) throw notFound('bank account');
        if ((await repo.openWithdrawalsOfBank(tx, id)) > 0)
          throw new AppError(ErrorCode.WithdrawalUnderReview);
        await repo.deleteBank(tx, id, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'bank_account.delete',
          objectType: 'bank_account',
          objectId: String(id),
          before: { bankCode: row.bankCode, accountNo: row.accountNo },
          ip,
        });
        return { ok: true as const };
      });
    },
  };
}
