import type { Executor } from '../../platform/db/database.ts';
import { withdrawFiguresRepo } from './withdraw-figures.repo.ts';

/** Withdrawal counts and totals for other modules' reports (commission). */
export function createWithdrawFigures() {
  return {
    handleCount: withdrawFiguresRepo.handleCount,
    /** Finished withdrawals per operator in [from, to), by operator id (operators with none are absent). */
    async finishedTotals(executor: Executor, operatorIds: readonly number[], from: Date, to: Date) {
      const rows = await withdrawFiguresRepo.finishedTotals(executor, operatorIds, from, to);
      return new Map(rows.map((row) => [row.operatorId, row]));
    },
  };
}
export type WithdrawFigures = ReturnType<typeof createWithdrawFigures>;
