import { withdrawFiguresRepo } from './withdraw-figures.repo.ts';

/**
 * Withdrawal figures for other modules' reports (commission): the counts an operator's badge shows,
 * and finished withdrawals per operator in a period (a map by operator id; operators with none are absent).
 */
export function createWithdrawFigures() {
  return { handleCount: withdrawFiguresRepo.handleCount, finishedTotals: withdrawFiguresRepo.finishedTotals };
}
export type WithdrawFigures = ReturnType<typeof createWithdrawFigures>;
